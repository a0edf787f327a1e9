package io.fixtape.engine.config;

/** A settings file that cannot be used; the message names the key and where it is ({@code file:line}). */
public final class SettingsException extends IllegalArgumentException
{
    private static final long serialVersionUID = 1L;

    public SettingsException(final String message)
    {
        super(message);
    }
}
