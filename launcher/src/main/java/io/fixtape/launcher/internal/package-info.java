/**
 * Internal: how the engine builder assembles an engine from settings (contexts, journals, acceptor models, kernel
 * bypass). Used by {@link io.fixtape.launcher.FixtapeBuilder} and by the {@code fixtape} command, which also reads
 * the assembled contexts back; not an API.
 */
package io.fixtape.launcher.internal;
