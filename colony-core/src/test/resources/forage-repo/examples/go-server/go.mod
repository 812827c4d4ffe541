module example.com/goserver

go 1.22

require (
	github.com/go-chi/chi/v5 v5.0.12
	github.com/rs/zerolog v1.33.0 // indirect
)
