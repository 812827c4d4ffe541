package dev.colony.api.session;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AgentTypesTest {

    @Test
    void theTypeIsTheLeadingLettersAndDigitsLowerCased() {
        assertThat(AgentTypes.of("claude-code")).isEqualTo("claude");
        assertThat(AgentTypes.of(" Claude ")).isEqualTo("claude");
        assertThat(AgentTypes.of("codex.2")).isEqualTo("codex");
        assertThat(AgentTypes.of("gpt4@build-host")).isEqualTo("gpt4");
        assertThat(AgentTypes.of("-odd")).isEqualTo("-odd");
    }

    @Test
    void anyAddressesEveryoneAndANameAddressesItsType() {
        assertThat(AgentTypes.isAny("ANY")).isTrue();
        assertThat(AgentTypes.addresses("any", "codex")).isTrue();
        assertThat(AgentTypes.addresses("claude", "claude-code")).isTrue();
        assertThat(AgentTypes.addresses("claude-desktop", "claude-code")).isTrue();
        assertThat(AgentTypes.addresses("codex", "claude-code")).isFalse();
    }
}
