package io.fixtape.engine.dictionary;

/**
 * ApplVerID (1128) / DefaultApplVerID (1137) values and the FIX versions they name. Settings may give either
 * the code ("9") or the version ("FIX.5.0SP2"), as QuickFIX/J accepts both.
 *
 * <p>Stateless, thread-safe.
 */
public final class ApplVerIds
{
    private static final String[] BEGIN_STRINGS = {
        null, null, "FIX.4.0", "FIX.4.1", "FIX.4.2", "FIX.4.3", "FIX.4.4", "FIX.5.0", "FIX.5.0SP1", "FIX.5.0SP2"};

    private ApplVerIds()
    {
    }

    /** The one-character ApplVerID code for a code or version name, e.g. "FIX.5.0SP2" → '9'. */
    public static char toApplVerId(final String codeOrVersion)
    {
        if (codeOrVersion.length() == 1 && codeOrVersion.charAt(0) >= '2' && codeOrVersion.charAt(0) <= '9')
        {
            return codeOrVersion.charAt(0);
        }
        for (int i = 2; i < BEGIN_STRINGS.length; i++)
        {
            if (BEGIN_STRINGS[i].equalsIgnoreCase(codeOrVersion))
            {
                return (char)('0' + i);
            }
        }
        throw new DictionaryException("unknown ApplVerID " + codeOrVersion, null);
    }

    /** The version name for a code or version name, e.g. "7" → "FIX.5.0". */
    public static String beginStringFor(final String codeOrVersion)
    {
        return BEGIN_STRINGS[toApplVerId(codeOrVersion) - '0'];
    }
}
