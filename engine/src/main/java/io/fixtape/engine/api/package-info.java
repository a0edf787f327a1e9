/**
 * The application API of the engine (public): what an application implements ({@link io.fixtape.engine.api.Application},
 * created per session by an {@link io.fixtape.engine.api.ApplicationFactory}), what it may do with its session
 * ({@link io.fixtape.engine.api.SessionHandle}, its send codes and a read-only
 * {@link io.fixtape.engine.api.SessionCountersView}), the standard way to hold replies under back-pressure
 * ({@link io.fixtape.engine.api.ReplyQueue}) and extra duty-cycle work ({@link io.fixtape.engine.api.DutyCycleTask}).
 *
 * <p>Signatures here use only public API types (this package, {@code io.fixtape.engine.codec}, the session id), the
 * JDK and Agrona; the engine's internals stay out of them.
 */
package io.fixtape.engine.api;
