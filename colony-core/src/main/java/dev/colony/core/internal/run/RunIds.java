package dev.colony.core.internal.run;

import dev.colony.api.run.RunId;
import dev.colony.api.run.RunKind;
import java.security.SecureRandom;

/** New run ids: the kind's letter and eight characters of {@code [0-9a-z]} from a secure random source. */
final class RunIds {

    private static final String ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
    private static final SecureRandom RANDOM = new SecureRandom();

    private RunIds() {
    }

    /** A fresh id of {@code kind}. */
    static RunId next(RunKind kind) {
        char[] id = new char[9];
        id[0] = kind.letter();
        for (int i = 1; i < id.length; i++) {
            id[i] = ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length()));
        }
        return new RunId(new String(id));
    }
}
