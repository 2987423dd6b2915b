"""The frame every screen is drawn in: the app and its loop, scenes, input, theme, sound,
speech, pacing, the backdrop, widgets and tile art."""
