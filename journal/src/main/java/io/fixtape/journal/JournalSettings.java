package io.fixtape.journal;

import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;

import java.nio.file.Paths;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Reads the journal's keys of the session settings file ({@link JournalContext#SETTINGS_KEYS}) into a
 * {@link JournalContext}, one key at a time; a value it cannot read throws {@link IllegalArgumentException} naming
 * the key and the value.
 */
final class JournalSettings
{
    private JournalSettings()
    {
    }

    /** @return false if {@code key} is not a journal key. */
    static boolean apply(final JournalContext ctx, final String key, final String value)
    {
        switch (key)
        {
            case JournalContext.KEY_JOURNAL_PATH:
                ctx.directoryFromSettings(Paths.get(value.trim()), false);
                return true;
            case JournalContext.KEY_FILE_STORE_PATH:
                ctx.directoryFromSettings(Paths.get(value.trim()), true);
                return true;
            case JournalContext.KEY_JOURNAL_MODE:
                ctx.mode(JournalMode.parse(value));
                return true;
            case JournalContext.KEY_DURABILITY:
                ctx.durability(JournalDurability.parse(value));
                return true;
            case JournalContext.KEY_SYNC_INTERVAL_MS:
                ctx.syncIntervalNanos(TimeUnit.MILLISECONDS.toNanos(parseLong(key, value)));
                return true;
            case JournalContext.KEY_ROLL_CYCLE:
                ctx.rollCycle(parseRollCycle(value));
                return true;
            case JournalContext.KEY_RETENTION_CYCLES:
                ctx.retentionCycles((int)parseLong(key, value));
                return true;
            case JournalContext.KEY_ARCHIVE_DIR:
                ctx.archiveDirectory(value.trim().isEmpty() ? null : Paths.get(value.trim()));
                return true;
            case JournalContext.KEY_ARCHIVE_COMMAND:
                ctx.archiveCommand(value.trim().isEmpty() ? null : value.trim());
                return true;
            case JournalContext.KEY_PRETOUCH:
                applyPretouch(ctx, key, value);
                return true;
            case JournalContext.KEY_PRETOUCH_AHEAD_KB:
                ctx.pretouchAheadBytes(parseLong(key, value) * 1024);
                return true;
            case JournalContext.KEY_MASK_PASSWORDS:
                ctx.maskPasswords(parseBoolean(key, value));
                return true;
            case JournalContext.KEY_LOW_SPACE_MB:
                ctx.lowSpaceBytes(parseLong(key, value) * 1024 * 1024);
                return true;
            case JournalContext.KEY_MAX_SESSIONS:
                ctx.maxSessions((int)Math.min(Integer.MAX_VALUE, parseLong(key, value)));
                return true;
            case JournalContext.KEY_RECOVER_TRUNCATE:
                ctx.recoverTruncate(parseYesNo(key, value));
                return true;
            default:
                return false;
        }
    }

    /** {@code auto}, {@code duty}, or Y/N for a pretoucher thread or none. */
    private static void applyPretouch(final JournalContext ctx, final String key, final String value)
    {
        if ("auto".equalsIgnoreCase(value.trim()))
        {
            ctx.pretouchAuto();
        }
        else if ("duty".equalsIgnoreCase(value.trim()))
        {
            ctx.pretouchDutyCycle();
        }
        else
        {
            ctx.pretouch(parseBoolean(key, value));
        }
    }

    /** {@code daily} (default), {@code hourly}, {@code weekly}, {@code five-minutely}... or a RollCycles name. */
    static RollCycle parseRollCycle(final String value)
    {
        final String v = value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        switch (v)
        {
            case "DAILY":
                return RollCycles.FAST_DAILY;
            case "HOURLY":
                return RollCycles.FAST_HOURLY;
            default:
                try
                {
                    return RollCycles.valueOf(v);
                }
                catch (final IllegalArgumentException ex)
                {
                    throw new IllegalArgumentException(JournalContext.KEY_ROLL_CYCLE + "=" + value + " is not a roll " +
                        "cycle (daily, hourly, weekly, five_minutely, ten_minutely, half_hourly, two_hourly, four_hourly, " +
                        "six_hourly)", ex);
                }
        }
    }

    private static long parseLong(final String key, final String value)
    {
        try
        {
            return Long.parseLong(value.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(key + "=" + value + " is not a number", ex);
        }
    }

    private static boolean parseBoolean(final String key, final String value)
    {
        final String v = value.trim().toUpperCase(Locale.ROOT);
        if (v.equals("Y") || v.equals("YES") || v.equals("TRUE"))
        {
            return true;
        }
        if (v.equals("N") || v.equals("NO") || v.equals("FALSE"))
        {
            return false;
        }
        throw new IllegalArgumentException(key + "=" + value + " is not Y or N");
    }

    private static boolean parseYesNo(final String key, final String value)
    {
        final String v = value.trim();
        if ("Y".equalsIgnoreCase(v))
        {
            return true;
        }
        if ("N".equalsIgnoreCase(v))
        {
            return false;
        }
        throw new IllegalArgumentException(key + "=" + value + " is not Y or N");
    }
}
