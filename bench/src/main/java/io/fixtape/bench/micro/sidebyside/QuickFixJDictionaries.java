package io.fixtape.bench.micro.sidebyside;

import quickfix.ConfigError;
import quickfix.DataDictionary;

/** Loads QuickFIX/J's own FIX 4.4 dictionary (FIX44.xml inside quickfixj-core) with its default settings. */
final class QuickFixJDictionaries
{
    private QuickFixJDictionaries()
    {
    }

    static DataDictionary fix44()
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
