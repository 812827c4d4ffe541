package dev.colony.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.embedding.onnx.OnnxModel;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The configuration metadata the build generates from {@link ColonyProperties} (what IDEs complete) lists every
 * {@code colony.*} property, each with a plain-text description, and offers the embedding models there are.
 */
class ConfigurationMetadataTest {

    @Test
    void theMetadataDescribesEveryColonyProperty() throws IOException {
        Map<String, String> described = new LinkedHashMap<>();
        for (JsonNode property : metadata().get("properties")) {
            described.put(property.get("name").asText(), property.path("description").asText(""));
        }

        assertThat(described.keySet()).containsExactlyInAnyOrderElementsOf(propertyNames());
        assertThat(described).allSatisfy((name, description) -> assertThat(description).as(name)
                .isNotBlank().doesNotContain("{@"));
        assertThat(described.get("colony.embedding-model")).contains("none");
    }

    @Test
    void theEmbeddingModelsOfferedAreTheOnnxModulesAndNone() throws IOException {
        List<String> offered = new ArrayList<>();
        for (JsonNode hint : metadata().get("hints")) {
            if (hint.get("name").asText().equals("colony.embedding-model")) {
                hint.get("values").forEach(value -> offered.add(value.get("value").asText()));
            }
        }
        List<String> models = new ArrayList<>(Arrays.stream(OnnxModel.values()).map(OnnxModel::id).toList());
        models.add(ColonyProperties.NO_EMBEDDING);
        assertThat(offered).containsExactlyElementsOf(models);
    }

    private static JsonNode metadata() throws IOException {
        try (InputStream in = ColonyProperties.class.getClassLoader()
                .getResourceAsStream("META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("the generated metadata").isNotNull();
            return new ObjectMapper().readTree(in);
        }
    }

    /** Every property the record binds, in the kebab case users write, nested records included. */
    private static List<String> propertyNames() {
        List<String> names = new ArrayList<>();
        collect(ColonyProperties.PREFIX, ColonyProperties.class, names);
        return names;
    }

    private static void collect(String prefix, Class<?> type, List<String> names) {
        for (RecordComponent component : type.getRecordComponents()) {
            String name = prefix + "." + component.getName().replaceAll("([A-Z])", "-$1").toLowerCase();
            if (component.getType().isRecord()) {
                collect(name, component.getType(), names);
            } else {
                names.add(name);
            }
        }
    }
}
