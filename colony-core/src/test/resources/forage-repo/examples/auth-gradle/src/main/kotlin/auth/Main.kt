package auth

import com.auth0.jwt.JWT

fun main() {
    val token = JWT.create().withIssuer("auth").sign(null)
    println(token)
}
