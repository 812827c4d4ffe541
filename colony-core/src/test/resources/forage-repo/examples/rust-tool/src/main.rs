use serde::Deserialize;

#[derive(Deserialize)]
struct Config {
    name: String,
}

#[tokio::main]
async fn main() {
    let config: Config = serde_json::from_str("{\"name\":\"x\"}").unwrap();
    println!("hello {}", config.name);
}
