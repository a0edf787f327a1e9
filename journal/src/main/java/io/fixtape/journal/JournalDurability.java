package io.fixtape.journal;

import java.util.Locale;

/** When appended records are forced from the page cache to the device (settings key {@code JournalDurability}). */
public enum JournalDurability
{
    /** Page cache only: survives a process crash ({@code kill -9}), not a power loss. The default. */
    PAGE_CACHE,
    /** msync of the written range every {@link JournalContext#syncIntervalNanos()}, from {@link Journal#doWork}. */
    PERIODIC_MSYNC,
    /** msync after every record, before the append returns (Chronicle {@code SyncMode.SYNC}). */
    MSYNC_PER_MESSAGE;

    /** Accepts {@code page-cache|periodic|per-message} and the enum names. */
    public static JournalDurability parse(final String value)
    {
        final String v = value.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        switch (v)
        {
            case "page-cache":
            case "none":
                return PAGE_CACHE;
            case "periodic":
            case "periodic-msync":
                return PERIODIC_MSYNC;
            case "per-message":
            case "msync-per-message":
            case "sync":
                return MSYNC_PER_MESSAGE;
            default:
                throw new IllegalArgumentException("JournalDurability=" + value + " is not one of page-cache|periodic|per-message");
        }
    }
}
