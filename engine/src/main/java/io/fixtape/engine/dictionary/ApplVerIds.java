package io.fixtape.engine.dictionary;

/**
 * The ApplVerID (1128) / DefaultApplVerID (1137) values and the FIX versions they name, as the FIX specification
 * enumerates them: 0 = FIX.2.7, 1 = FIX.3.0, 2 = FIX.4.0 … 6 = FIX.4.4, 7 = FIX.5.0, 8 = FIX.5.0SP1,
 * 9 = FIX.5.0SP2. Settings may give either the value ("9") or the version name ("FIX.5.0SP2"), as QuickFIX/J
 * accepts both; names match exactly, as in QuickFIX/J.
 *
 * <p>Stateless, thread-safe.
 */
public final class ApplVerIds
{
    /** Number of values, '0' to '9': the size of a table indexed by {@code value - '0'}. */
    public static final int VALUE_COUNT = 10;

    /** {@link #valueOf} of something that is not an ApplVerID. */
    public static final char NONE = 0;

    // index = value - '0'
    private static final String[] VERSIONS = {
        "FIX.2.7", "FIX.3.0", "FIX.4.0", "FIX.4.1", "FIX.4.2", "FIX.4.3", "FIX.4.4", "FIX.5.0", "FIX.5.0SP1", "FIX.5.0SP2"};

    private ApplVerIds()
    {
    }

    /** Whether {@code value} is an ApplVerID value ('0' to '9'). */
    public static boolean isValue(final char value)
    {
        return value >= '0' && value < '0' + VALUE_COUNT;
    }

    /** The value for a value or a version name ("9" or "FIX.5.0SP2" → '9'), or {@link #NONE} (also for null). */
    public static char valueOf(final String valueOrVersion)
    {
        if (valueOrVersion == null)
        {
            return NONE;
        }
        if (valueOrVersion.length() == 1 && isValue(valueOrVersion.charAt(0)))
        {
            return valueOrVersion.charAt(0);
        }
        for (int i = 0; i < VERSIONS.length; i++)
        {
            if (VERSIONS[i].equals(valueOrVersion))
            {
                return (char)('0' + i);
            }
        }
        return NONE;
    }

    /** Like {@link #valueOf}, but what is not an ApplVerID is an error naming it. */
    public static char toApplVerId(final String valueOrVersion)
    {
        final char value = valueOf(valueOrVersion);
        if (value == NONE)
        {
            throw new DictionaryException("unknown ApplVerID " + valueOrVersion, null);
        }
        return value;
    }

    /** The version name of {@code value}, e.g. '7' → "FIX.5.0"; null when it is not a value. */
    public static String versionOf(final char value)
    {
        return isValue(value) ? VERSIONS[value - '0'] : null;
    }

    /** The version name for a value or version name, e.g. "7" → "FIX.5.0"; an unknown one is an error. */
    public static String beginStringFor(final String valueOrVersion)
    {
        return versionOf(toApplVerId(valueOrVersion));
    }
}
