package dev.colony.core.internal.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RepoRootsTest {

    @ParameterizedTest
    @CsvSource({
        "/a/b, /a/b",
        "/a/b/../b, /a/b",
        "/a/./b/, /a/b",
        "/a//b///, /a/b",
        "/a/b/c/../../b, /a/b",
        "/.., /",
        "/, /",
        "'  /a/b  ', /a/b",
        "C:\\work\\app\\..\\app, C:/work/app",
        "c:/work/app/, C:/work/app",
    })
    void spellingsOfOneDirectoryNormaliseToOne(String given, String expected) {
        assertThat(RepoRoots.normalise("repo_root", given)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"work/app", "./app", "C:work", "~/app"})
    void relativeRootsAreRefused(String given) {
        assertThatThrownBy(() -> RepoRoots.normalise("repo_root", given))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.field()).isEqualTo("repo_root");
                });
    }

    @Test
    void anOptionalFilterStaysNull() {
        assertThat(RepoRoots.normaliseOptional("repo_root", null)).isNull();
    }
}
