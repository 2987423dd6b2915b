"""The screens between matches and the overlays over them: title, game setup, pause,
rules, settings, hand-over, results, dialogs and statistics."""
