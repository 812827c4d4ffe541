package dev.colony.api.example;

/** The build manifest an example declares its dependencies in, found by its file name. */
public enum ManifestKind {
    /** {@code package.json}. */
    NPM("npm"),
    /** {@code pyproject.toml} or {@code requirements.txt}. */
    PYPI("pypi"),
    /** {@code Cargo.toml}. */
    CARGO("cargo"),
    /** {@code go.mod}. */
    GO("go"),
    /** {@code pom.xml}. */
    MAVEN("maven"),
    /** {@code build.gradle} or {@code build.gradle.kts}. */
    GRADLE("gradle"),
    /** None of the above. */
    UNKNOWN("unknown");

    private final String wireName;

    ManifestKind(String wireName) {
        this.wireName = wireName;
    }

    /** The lowercase name tools and the store use. */
    public String wireName() {
        return wireName;
    }

    /** The kind named {@code wireName}; {@link #UNKNOWN} for any other name. */
    public static ManifestKind of(String wireName) {
        for (ManifestKind kind : values()) {
            if (kind.wireName.equals(wireName)) {
                return kind;
            }
        }
        return UNKNOWN;
    }
}
