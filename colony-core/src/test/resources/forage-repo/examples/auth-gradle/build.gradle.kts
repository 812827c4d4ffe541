plugins {
    kotlin("jvm") version "2.0.0"
    application
}

dependencies {
    implementation("com.auth0:java-jwt:4.5.0")
    implementation("io.ktor:ktor-server-netty:2.3.12")
    implementation(platform("org.junit:junit-bom:5.11.0"))
    implementation(libs.kotlinx.coroutines)
    testImplementation("org.junit.jupiter:junit-jupiter")
}

application {
    mainClass.set("auth.MainKt")
}
