/**
 * Public API: build and run a fixtape engine. {@link io.fixtape.launcher.FixtapeBuilder} takes a settings file,
 * fluent calls (one typed method per settings key) or both, and launches a {@link io.fixtape.launcher.Fixtape};
 * {@link io.fixtape.launcher.ApplicationLoader} loads a user's application class from jars and directories. The
 * {@code fixtape} command builds its engines the same way, so the defaults are the same everywhere.
 */
package io.fixtape.launcher;
