package dev.colony.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * Wraps a transport provider so that the server learns when the SDK closes the session's transport,
 * for instance after a line on stdin that is not JSON-RPC (without it a server whose transport stopped
 * reading would wait for an end of input that it no longer observes), and counts the messages the
 * session hands to the transport in an {@link OutboundLedger}.
 */
final class SignallingTransportProvider implements McpServerTransportProvider {

    private final McpServerTransportProvider delegate;
    private final Runnable onClose;
    private final OutboundLedger ledger;

    SignallingTransportProvider(McpServerTransportProvider delegate, Runnable onClose, OutboundLedger ledger) {
        this.delegate = delegate;
        this.onClose = onClose;
        this.ledger = ledger;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory factory) {
        delegate.setSessionFactory(
                transport -> factory.create(new SignallingTransport(transport, onClose, ledger)));
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return delegate.notifyClients(method, params);
    }

    @Override
    public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        return delegate.notifyClient(sessionId, method, params);
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public Mono<Void> closeGracefully() {
        return delegate.closeGracefully();
    }

    @Override
    public List<String> protocolVersions() {
        return delegate.protocolVersions();
    }

    /** A session transport that reports its closing and counts the messages it accepts. */
    private static final class SignallingTransport implements McpServerTransport {

        private final McpServerTransport delegate;
        private final Runnable onClose;
        private final OutboundLedger ledger;

        SignallingTransport(McpServerTransport delegate, Runnable onClose, OutboundLedger ledger) {
            this.delegate = delegate;
            this.onClose = onClose;
            this.ledger = ledger;
        }

        @Override
        public void close() {
            try {
                delegate.close();
            } finally {
                onClose.run();
            }
        }

        @Override
        public Mono<Void> closeGracefully() {
            return delegate.closeGracefully().doFinally(signal -> onClose.run());
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return delegate.sendMessage(message).doOnSuccess(done -> ledger.queued());
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
            return delegate.unmarshalFrom(data, typeRef);
        }

        @Override
        public List<String> protocolVersions() {
            return delegate.protocolVersions();
        }
    }
}
