package io.fixtape.bench.harness.run;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.fixtape.bench.harness.ReadBack;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Contract section 4/5: what the harness configured for a server against what the running server read back about
 * itself. Every configured key must be read back with the same value ({@link ReadBack#JVM_FLAGS}: every configured
 * flag must be among the JVM's input arguments); a missing or different value refuses the run with
 * {@link ProfileMismatchException}, which, like a placement error, is never reported as a result. Stateless.
 */
public final class ProfileCheck
{
    private ProfileCheck()
    {
    }

    /** The disagreements, one "key: configured 'a' but read back 'b'" line each; empty when they agree. */
    public static List<String> disagreements(final Map<String, Object> configured, final JsonObject readBack)
    {
        return disagreements(configured, readBack, true);
    }

    /**
     * @param requireAll false: a key not (yet) read back is not a disagreement (the first check, while the server
     *                   is up: a store opened at the first Logon is not there yet); true: it is.
     */
    public static List<String> disagreements(final Map<String, Object> configured, final JsonObject readBack,
        final boolean requireAll)
    {
        final List<String> out = new ArrayList<>();
        for (final Map.Entry<String, Object> entry : configured.entrySet())
        {
            final String key = entry.getKey();
            final JsonElement actual = readBack.get(key);
            if (actual == null || actual.isJsonNull())
            {
                if (requireAll)
                {
                    out.add(key + ": configured '" + entry.getValue() + "' but not read back");
                }
            }
            else if (ReadBack.JVM_FLAGS.equals(key))
            {
                final List<String> missing = missingFlags(entry.getValue(), actual);
                if (!missing.isEmpty())
                {
                    out.add(key + ": configured " + missing + " not among the JVM's input arguments " + actual);
                }
            }
            else
            {
                final String text = actual.isJsonPrimitive() ? actual.getAsString() : actual.toString();
                if (!String.valueOf(entry.getValue()).equals(text))
                {
                    out.add(key + ": configured '" + entry.getValue() + "' but read back '" + text + "'");
                }
            }
        }
        return out;
    }

    /** Throws when {@link #disagreements} is not empty. */
    public static void require(final String what, final Map<String, Object> configured, final JsonObject readBack,
        final boolean requireAll)
    {
        final List<String> disagreements = disagreements(configured, readBack, requireAll);
        if (!disagreements.isEmpty())
        {
            throw new ProfileMismatchException(what + ": the server does not run with what was configured ("
                + String.join("; ", disagreements) + "): run refused");
        }
    }

    private static List<String> missingFlags(final Object configured, final JsonElement actual)
    {
        final List<String> present = new ArrayList<>();
        if (actual.isJsonArray())
        {
            for (final JsonElement flag : (JsonArray)actual)
            {
                present.add(flag.getAsString());
            }
        }
        final List<String> missing = new ArrayList<>();
        for (final Object flag : (Iterable<?>)configured)
        {
            if (!present.contains(String.valueOf(flag)))
            {
                missing.add(String.valueOf(flag));
            }
        }
        return missing;
    }

    /** A server that does not run with what the harness configured: the run is refused, not measured. */
    public static final class ProfileMismatchException extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        public ProfileMismatchException(final String message)
        {
            super(message);
        }
    }
}
