plugins {
    java
}

dependencies {
    implementation("com.auth0:java-jwt:4.4.0")
    testImplementation("org.junit.jupiter:junit-jupiter:5.11.0")
}
