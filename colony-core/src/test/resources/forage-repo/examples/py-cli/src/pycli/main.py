import click
import requests


@click.command()
@click.argument("url")
def run(url):
    """Fetches a URL and prints its status line."""
    print(requests.get(url, timeout=10).status_code)
