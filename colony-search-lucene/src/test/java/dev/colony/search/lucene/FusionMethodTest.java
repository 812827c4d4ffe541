package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The fusion a hybrid search uses: the weighted one unless the system property names the other. */
class FusionMethodTest {

    private final String before = System.getProperty(FusionMethod.PROPERTY);

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(FusionMethod.PROPERTY);
        } else {
            System.setProperty(FusionMethod.PROPERTY, before);
        }
    }

    @Test
    void theWeightedFusionIsTheDefaultAndThePropertyPicksEitherInAnyCase() {
        System.clearProperty(FusionMethod.PROPERTY);
        assertThat(FusionMethod.configured()).isEqualTo(FusionMethod.WEIGHTED);
        System.setProperty(FusionMethod.PROPERTY, " ");
        assertThat(FusionMethod.configured()).isEqualTo(FusionMethod.WEIGHTED);
        System.setProperty(FusionMethod.PROPERTY, "Weighted");
        assertThat(FusionMethod.configured()).isEqualTo(FusionMethod.WEIGHTED);
        System.setProperty(FusionMethod.PROPERTY, "learned ");
        assertThat(FusionMethod.configured()).isEqualTo(FusionMethod.LEARNED);
    }

    @Test
    void aPropertyNamingNoFusionIsRefusedNamingTheProperty() {
        System.setProperty(FusionMethod.PROPERTY, "rrf");
        assertThatThrownBy(FusionMethod::configured).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e).hasMessageContaining(FusionMethod.PROPERTY).hasMessageContaining("rrf");
        });
    }
}
