package io.fixtape.engine.config;

import io.fixtape.engine.validation.MessageValidator;

/**
 * Builds a session's validator from its dictionary settings. The settings loader resolves the standard dictionaries
 * ({@code UseDataDictionary=Y} without a path) and the file paths; the factory turns them into the
 * {@link MessageValidator} the session calls.
 */
@FunctionalInterface
public interface ValidatorFactory
{
    /**
     * @param section the session's settings (DataDictionary, TransportDataDictionary, AppDataDictionary,
     *                Validate* keys, BeginString, DefaultApplVerID).
     * @return the validator, or null for none.
     */
    MessageValidator create(Settings.Section section);
}
