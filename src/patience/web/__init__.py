"""The web app: pages, JSON API and the texts they show."""
