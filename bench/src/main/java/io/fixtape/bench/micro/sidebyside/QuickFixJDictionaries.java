package io.fixtape.bench.micro.sidebyside;

import quickfix.ConfigError;
import quickfix.DataDictionary;

/**
 * QuickFIX/J's own FIX 4.4 dictionary (FIX44.xml inside quickfixj-core) with its default settings, loaded once
 * per JVM and shared, as QuickFIX/J's dictionary provider shares it between sessions (read-only after loading).
 */
final class QuickFixJDictionaries
{
    private static DataDictionary fix44;

    private QuickFixJDictionaries()
    {
    }

    static synchronized DataDictionary fix44()
    {
        if (fix44 == null)
        {
            fix44 = load();
        }
        return fix44;
    }

    private static DataDictionary load()
    {
        try
        {
            return new DataDictionary("FIX44.xml");
        }
        catch (final ConfigError ex)
        {
            throw new IllegalStateException("QuickFIX/J FIX44.xml not on the classpath", ex);
        }
    }
}
