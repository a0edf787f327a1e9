package io.fixtape.journal;

import io.fixtape.engine.config.KnownKeys;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.store.MessageStoreFactory;
import io.fixtape.engine.store.NoMessageStore;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Plugs the journal into the settings file: {@code engineSettings.storeProvider("journal", new JournalStoreProvider())}
 * makes {@code MessageStore=journal} (or just {@code JournalPath=...}) journal the section's sessions. Sessions with
 * the same directory share one {@link Journal} (one directory per engine); the journal closes itself when the engine
 * has closed the last of its stores. Keys: {@link JournalContext#SETTINGS_KEYS}, add them with {@link #knownKeys}.
 * Configuration thread only.
 */
public final class JournalStoreProvider implements Function<Settings.Section, MessageStoreFactory>, AutoCloseable
{
    private final Map<Path, ChronicleMessageStoreFactory> factories = new HashMap<>();
    private boolean closed;

    /** The standard keys plus the journal's own. */
    public static KnownKeys knownKeys(final KnownKeys base)
    {
        return base
            .with(JournalContext.KEY_JOURNAL_PATH, "journal directory, one per engine (FileStorePath is an alias)")
            .with(JournalContext.KEY_JOURNAL_MODE, "none | store | audit (default): what the journal keeps")
            .with(JournalContext.KEY_DURABILITY, "page-cache (default) | periodic | per-message: when records are msync'ed")
            .with(JournalContext.KEY_SYNC_INTERVAL_MS, "msync interval for JournalDurability=periodic (default 100)")
            .with(JournalContext.KEY_ROLL_CYCLE, "journal file roll cycle: daily (default), hourly, weekly, ...")
            .with(JournalContext.KEY_RETENTION_CYCLES, "newest cycle files always kept; older ones go once no session's resend range reaches them; 0 (default) keeps all")
            .with(JournalContext.KEY_ARCHIVE_DIR, "directory retention moves finished cycle files to instead of deleting them (default: none, delete)")
            .with(JournalContext.KEY_ARCHIVE_COMMAND, "command run on each archived cycle file, its path appended, e.g. gzip -9 (default: none; needs JournalArchiveDir)")
            .with(JournalContext.KEY_PRETOUCH, "Y | N | duty | auto (default: Y = own agent thread when the JVM may use 2+ CPUs, duty = the writer's poller on one CPU): pre-touch journal pages ahead of the writer")
            .with(JournalContext.KEY_PRETOUCH_AHEAD_KB, "KiB the pretoucher thread keeps touched ahead of the writer (default 1024)")
            .with(JournalContext.KEY_LOW_SPACE_MB, "free MiB under which appends fail with DISK_FULL (default 64)")
            .with(JournalContext.KEY_RECOVER_TRUNCATE, "Y | N (default): start on a damaged journal by cutting it at its last good record")
            .with(JournalContext.KEY_MASK_PASSWORDS, "Y (default): Password/NewPassword fields are journaled as asterisks")
            .with(JournalContext.KEY_MAX_SESSIONS, "most sessions one journal holds, 1..1048576 (default 65536); a session past it is refused at registration");
    }

    /** The journal settings of a section ([DEFAULT] values included). */
    public static JournalContext context(final Settings.Section section)
    {
        final JournalContext ctx = new JournalContext();
        for (final String key : JournalContext.SETTINGS_KEYS)
        {
            if (section.has(key))
            {
                try
                {
                    ctx.applySetting(key, section.string(key, null));
                }
                catch (final IllegalArgumentException ex)
                {
                    throw new IllegalArgumentException(section.locationOf(key) + ": " + ex.getMessage(), ex);
                }
            }
        }
        return ctx;
    }

    @Override
    public MessageStoreFactory apply(final Settings.Section section)
    {
        final JournalContext ctx = context(section);
        if (ctx.mode() == JournalMode.NONE)
        {
            return sessionId -> new NoMessageStore();
        }
        if (ctx.directory() == null)
        {
            throw new IllegalArgumentException(section.location() + ": MessageStore=journal needs JournalPath (or FileStorePath)");
        }
        if (closed)
        {
            throw new IllegalStateException("the journal provider is closed: no journal opens for " + section.location());
        }
        final Path dir = ctx.directory().toAbsolutePath().normalize();
        final ChronicleMessageStoreFactory existing = factories.get(dir);
        if (existing != null)
        {
            if (existing.mode() != ctx.mode())
            {
                throw new IllegalArgumentException(section.locationOf(JournalContext.KEY_JOURNAL_MODE) + ": JournalMode " +
                    ctx.mode() + " differs from " + existing.mode() + " already configured for journal " + dir);
            }
            return existing;
        }
        final ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx.directory(dir)).closeWithLastStore(true);
        factories.put(dir, factory);
        return factory;
    }

    /**
     * The journals this provider opened (one factory per directory), still listed after {@link #close}: for a
     * read-back of their settings, which a journal keeps after it closed.
     */
    public java.util.Collection<ChronicleMessageStoreFactory> journals()
    {
        return java.util.Collections.unmodifiableCollection(factories.values());
    }

    /** Closes every journal still open (e.g. configuration failed before the engine started); opens none after. */
    @Override
    public void close()
    {
        closed = true;
        factories.values().forEach(ChronicleMessageStoreFactory::close);
    }

}
