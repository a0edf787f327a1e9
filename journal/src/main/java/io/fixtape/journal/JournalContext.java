package io.fixtape.journal;

import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;

import org.agrona.concurrent.EpochClock;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Configuration of one engine's journal (one directory for all its sessions). Fluent setters with documented
 * defaults; {@link #conclude()} validates and names the offending field. The same values are reachable from the
 * session settings file through {@link #applySetting(String, String)} (keys in {@link #SETTINGS_KEYS}).
 * Not thread safe: build it on one thread, then hand it to {@link Journal#open}.
 */
public final class JournalContext
{
    /** Settings-file keys understood by {@link #applySetting}; {@code FileStorePath} is an alias of {@code JournalPath}. */
    public static final String KEY_JOURNAL_PATH = "JournalPath";
    public static final String KEY_FILE_STORE_PATH = "FileStorePath";
    public static final String KEY_JOURNAL_MODE = "JournalMode";
    public static final String KEY_DURABILITY = "JournalDurability";
    public static final String KEY_SYNC_INTERVAL_MS = "JournalSyncIntervalMs";
    public static final String KEY_ROLL_CYCLE = "JournalRollCycle";
    public static final String KEY_RETENTION_CYCLES = "JournalRetentionCycles";
    public static final String KEY_PRETOUCH = "JournalPretouch";
    public static final String KEY_LOW_SPACE_MB = "JournalLowSpaceMb";
    public static final String KEY_PRETOUCH_AHEAD_KB = "JournalPretouchAheadKb";
    public static final String KEY_RECOVER_TRUNCATE = "JournalRecoverTruncate";
    public static final String KEY_MASK_PASSWORDS = "JournalMaskPasswords";
    public static final String KEY_ARCHIVE_DIR = "JournalArchiveDir";
    public static final String KEY_ARCHIVE_COMMAND = "JournalArchiveCommand";
    public static final String KEY_MAX_SESSIONS = "JournalMaxSessions";
    /**
     * Default {@link #pretouchAheadBytes}: 1 MiB. A fresh journal's first pass faults in the whole window (256 pages
     * here), competing with the writer for the CPU; a much larger window makes that pass last tens of milliseconds.
     */
    public static final long DEFAULT_PRETOUCH_AHEAD_BYTES = 1024L * 1024;
    public static final String[] SETTINGS_KEYS = {KEY_JOURNAL_PATH, KEY_FILE_STORE_PATH, KEY_JOURNAL_MODE,
        KEY_DURABILITY, KEY_SYNC_INTERVAL_MS, KEY_ROLL_CYCLE, KEY_RETENTION_CYCLES, KEY_PRETOUCH, KEY_LOW_SPACE_MB,
        KEY_PRETOUCH_AHEAD_KB, KEY_RECOVER_TRUNCATE, KEY_MASK_PASSWORDS, KEY_ARCHIVE_DIR,
        KEY_ARCHIVE_COMMAND, KEY_MAX_SESSIONS};

    private Path directory;
    private JournalMode mode = JournalMode.AUDIT;
    private JournalDurability durability = JournalDurability.PAGE_CACHE;
    private long syncIntervalNanos = TimeUnit.MILLISECONDS.toNanos(100);
    private RollCycle rollCycle = RollCycles.FAST_DAILY;
    private int retentionCycles = 0;
    private Path archiveDirectory = null;
    private String archiveCommand = null;
    private boolean retentionThread = true;
    private org.agrona.concurrent.NanoClock retentionClock = org.agrona.concurrent.SystemNanoClock.INSTANCE;
    private Pretouch pretouch = Pretouch.AUTO;
    private long pretouchAheadBytes = DEFAULT_PRETOUCH_AHEAD_BYTES;
    private long lowSpaceBytes = 64L * 1024 * 1024;
    private boolean maskPasswords = true;
    private long diskCheckIntervalNanos = TimeUnit.MILLISECONDS.toNanos(250);
    private long blockSize = 0;
    private int maxSessions = 65_536;
    private int initialIndexCapacity = 65_536;
    private JournalWriteFaultInjector faultInjector = null;
    private EpochClock cycleClock = null;
    private boolean journalPathSet;
    private boolean recoverTruncate = false;

    /**
     * Whether a journal found damaged at open (a file cut short, a record zeroed or changed in place where recovery
     * reads) is cut at its last good record and opened, instead of refused ({@link JournalDamagedException}); default
     * false. The damaged queue is kept aside, the cut is logged and counted, and the sequence state is rebuilt from
     * what is left. Settings: {@code JournalRecoverTruncate=Y}.
     */
    public JournalContext recoverTruncate(final boolean recoverTruncate)
    {
        this.recoverTruncate = recoverTruncate;
        return this;
    }

    public boolean recoverTruncate()
    {
        return recoverTruncate;
    }

    /** Journal directory (required). Settings: {@code JournalPath} or its alias {@code FileStorePath}. */
    public JournalContext directory(final Path directory)
    {
        this.directory = directory;
        return this;
    }

    public Path directory()
    {
        return directory;
    }

    /** What is journaled; default {@link JournalMode#AUDIT}. */
    public JournalContext mode(final JournalMode mode)
    {
        this.mode = mode;
        return this;
    }

    public JournalMode mode()
    {
        return mode;
    }

    /** When records are forced to the device; default {@link JournalDurability#PAGE_CACHE}. */
    public JournalContext durability(final JournalDurability durability)
    {
        this.durability = durability;
        return this;
    }

    public JournalDurability durability()
    {
        return durability;
    }

    /** Interval for {@link JournalDurability#PERIODIC_MSYNC}; default 100 ms. */
    public JournalContext syncIntervalNanos(final long syncIntervalNanos)
    {
        this.syncIntervalNanos = syncIntervalNanos;
        return this;
    }

    public long syncIntervalNanos()
    {
        return syncIntervalNanos;
    }

    /** Chronicle roll cycle; default daily ({@code RollCycles.FAST_DAILY}). */
    public JournalContext rollCycle(final RollCycle rollCycle)
    {
        this.rollCycle = rollCycle;
        return this;
    }

    public RollCycle rollCycle()
    {
        return rollCycle;
    }

    /**
     * The minimum number of newest cycle files kept; an older file goes once no registered session's resend range
     * (since its last sequence reset) reaches into it ({@link JournalRetention}). 0 (default) keeps all.
     * Settings: {@code JournalRetentionCycles}.
     */
    public JournalContext retentionCycles(final int retentionCycles)
    {
        this.retentionCycles = retentionCycles;
        return this;
    }

    public int retentionCycles()
    {
        return retentionCycles;
    }

    /**
     * Where retention moves finished cycle files instead of deleting them; null (default) deletes them. Settings:
     * {@code JournalArchiveDir}.
     */
    public JournalContext archiveDirectory(final Path archiveDirectory)
    {
        this.archiveDirectory = archiveDirectory;
        return this;
    }

    public Path archiveDirectory()
    {
        return archiveDirectory;
    }

    /**
     * A command run on each file retention archived, with the archived file's path as its last argument (e.g.
     * {@code gzip -9}); words split on whitespace, no shell. Needs {@link #archiveDirectory}. Null (default): none.
     * Settings: {@code JournalArchiveCommand}.
     */
    public JournalContext archiveCommand(final String archiveCommand)
    {
        this.archiveCommand = archiveCommand;
        return this;
    }

    public String archiveCommand()
    {
        return archiveCommand;
    }

    /**
     * Whether {@link ChronicleMessageStoreFactory} runs retention on a thread of its own (default true). False leaves
     * the agent to the caller ({@code ChronicleMessageStoreFactory.retention()}), as tests step it.
     */
    public JournalContext retentionThread(final boolean retentionThread)
    {
        this.retentionThread = retentionThread;
        return this;
    }

    public boolean retentionThread()
    {
        return retentionThread;
    }

    /** The clock retention retries an unfinished pass by (default the system's); tests inject one. */
    public JournalContext retentionClock(final org.agrona.concurrent.NanoClock retentionClock)
    {
        this.retentionClock = retentionClock;
        return this;
    }

    public org.agrona.concurrent.NanoClock retentionClock()
    {
        return retentionClock;
    }

    /** Who touches the journal's pages ahead of its writer (settings {@code JournalPretouch}). */
    public enum Pretouch
    {
        /** {@code auto} (default): {@link #THREAD} when the JVM may use 2 CPUs or more, else {@link #DUTY_CYCLE}. */
        AUTO,
        /** {@code Y}: a {@link JournalPretoucher} on its own thread (AgentRunner, sleeping 1 ms when idle). */
        THREAD,
        /**
         * {@code duty}: the writer's own poller, as a small-budget step of the journal's duty-cycle task (at most
         * {@code PretouchRunner.DUTY_PRETOUCH_PAGES} pages per cycle, up to
         * {@code DUTY_PRETOUCH_AHEAD_BYTES} ahead), through Chronicle's own mapping of the cycle file.
         */
        DUTY_CYCLE,
        /** {@code N}: nobody; the writer takes each page's first-write fault inside its append. */
        OFF
    }

    /**
     * Whether the journal runs a {@link JournalPretoucher} thread ({@code true}: {@link Pretouch#THREAD}) or no
     * pretouch at all ({@code false}: {@link Pretouch#OFF}). Why: the first write to a fresh page of the sparse cycle
     * file makes the writer's thread fault and zero the page cache (about 2 µs of kernel time per 4 KiB page, one page per
     * ~14 records; docs/JOURNAL_FORMAT.md, "Append cost"). Settings: {@code JournalPretouch=Y|N}.
     */
    public JournalContext pretouch(final boolean pretouch)
    {
        this.pretouch = pretouch ? Pretouch.THREAD : Pretouch.OFF;
        return this;
    }

    /** Pretouch from the writer's duty cycle ({@link Pretouch#DUTY_CYCLE}, settings {@code JournalPretouch=duty}). */
    public JournalContext pretouchDutyCycle()
    {
        this.pretouch = Pretouch.DUTY_CYCLE;
        return this;
    }

    /** Back to the default: a pretoucher thread when the JVM may use 2 CPUs or more, the duty cycle when it has one. */
    public JournalContext pretouchAuto()
    {
        this.pretouch = Pretouch.AUTO;
        return this;
    }

    /**
     * The effective setting, auto resolved against {@code Runtime.availableProcessors()}: never {@link Pretouch#AUTO}.
     * Confined to one CPU (e.g. the pinned bench server) a thread would take its CPU time from the writer at any
     * moment; the duty cycle takes it only between the poller's other work, i.e. off the request path.
     */
    public Pretouch pretouchMode()
    {
        if (pretouch != Pretouch.AUTO)
        {
            return pretouch;
        }
        return Runtime.getRuntime().availableProcessors() >= 2 ? Pretouch.THREAD : Pretouch.DUTY_CYCLE;
    }

    /**
     * How far ahead of the writer the pretoucher thread keeps pages touched (settings {@code JournalPretouchAheadKb};
     * default {@link #DEFAULT_PRETOUCH_AHEAD_BYTES}). Larger survives longer bursts at full speed; smaller makes a
     * fresh journal's first pass shorter.
     */
    public JournalContext pretouchAheadBytes(final long pretouchAheadBytes)
    {
        if (pretouchAheadBytes < 4096)
        {
            throw new IllegalArgumentException(KEY_PRETOUCH_AHEAD_KB + " must be at least 4 (one page): " +
                pretouchAheadBytes + " bytes");
        }
        this.pretouchAheadBytes = pretouchAheadBytes;
        return this;
    }

    public long pretouchAheadBytes()
    {
        return pretouchAheadBytes;
    }

    /** Whether a {@link JournalPretoucher} thread runs (the effective mode is {@link Pretouch#THREAD}). */
    public boolean pretouch()
    {
        return pretouchMode() == Pretouch.THREAD;
    }

    /**
     * Whether password fields (554, 925, 1402, 1404) of Logon and UserRequest records are masked ({@code ***…}, same
     * length, CheckSum recomputed) before they reach the journal; default true. Then no journal tool, export or
     * replay can reveal them; a replayed Logon carries the mask.
     */
    public JournalContext maskPasswords(final boolean maskPasswords)
    {
        this.maskPasswords = maskPasswords;
        return this;
    }

    public boolean maskPasswords()
    {
        return maskPasswords;
    }

    /** Free space under which appends fail with DISK_FULL before the file system does; default 64 MiB. */
    public JournalContext lowSpaceBytes(final long lowSpaceBytes)
    {
        this.lowSpaceBytes = lowSpaceBytes;
        return this;
    }

    public long lowSpaceBytes()
    {
        return lowSpaceBytes;
    }

    /** How often {@link Journal#doWork} re-reads the free space of the journal's file system; default 250 ms. */
    public JournalContext diskCheckIntervalNanos(final long diskCheckIntervalNanos)
    {
        this.diskCheckIntervalNanos = diskCheckIntervalNanos;
        return this;
    }

    public long diskCheckIntervalNanos()
    {
        return diskCheckIntervalNanos;
    }

    /** Chronicle block (mapping chunk) size in bytes; 0 (default) keeps Chronicle's default for the roll cycle. */
    public JournalContext blockSize(final long blockSize)
    {
        this.blockSize = blockSize;
        return this;
    }

    public long blockSize()
    {
        return blockSize;
    }

    /**
     * Most sessions the journal holds (the highest session id); default 65,536, at most 1,048,576. The sequence
     * state starts small and grows by doubling as sessions register (16 bytes per session, a sparse file); a session
     * registered past the limit fails its registration (an acceptor template's Logon is refused) with a line naming
     * {@value #KEY_MAX_SESSIONS}. A journal that already holds more sessions keeps them all.
     */
    public JournalContext maxSessions(final int maxSessions)
    {
        this.maxSessions = maxSessions;
        return this;
    }

    public int maxSessions()
    {
        return maxSessions;
    }

    /**
     * Initial resend-index capacity in sequence numbers per session; default 65,536: a sparse file of 512 KiB
     * apparent size of which only the pages written take space (4 KiB per 512 outbound messages). Past it the index
     * grows by doubling, a remap on the writer thread that stalls the append making it (about a millisecond at
     * 65,536 entries). Kept small because the index is created by the session's first outbound message, on the
     * poller: the kernel's read-ahead may fill the page cache around the first page touched with up to
     * {@code read_ahead_kb} of zeros (8 MiB on some virtual disks), so a large initial file makes that first message
     * pay for zeroing it.
     */
    public JournalContext initialIndexCapacity(final int initialIndexCapacity)
    {
        this.initialIndexCapacity = initialIndexCapacity;
        return this;
    }

    public int initialIndexCapacity()
    {
        return initialIndexCapacity;
    }

    /**
     * Clock deciding which roll cycle (file) a record goes to; null (default) uses Chronicle's system clock. Tests
     * inject one to roll cycles without waiting.
     */
    public JournalContext cycleClock(final EpochClock cycleClock)
    {
        this.cycleClock = cycleClock;
        return this;
    }

    public EpochClock cycleClock()
    {
        return cycleClock;
    }

    /** Test hook at the storage boundary: called before every record is written; null (default) in production. */
    public JournalContext faultInjector(final JournalWriteFaultInjector faultInjector)
    {
        this.faultInjector = faultInjector;
        return this;
    }

    public JournalWriteFaultInjector faultInjector()
    {
        return faultInjector;
    }

    /** Validates; throws naming the field and the limit. */
    public JournalContext conclude()
    {
        if (mode != JournalMode.NONE && directory == null)
        {
            throw new IllegalArgumentException(KEY_JOURNAL_PATH + " (directory) is required for JournalMode=" +
                mode.name().toLowerCase(Locale.ROOT));
        }
        if (syncIntervalNanos <= 0)
        {
            throw new IllegalArgumentException("syncIntervalNanos must be > 0: " + syncIntervalNanos);
        }
        if (retentionCycles < 0)
        {
            throw new IllegalArgumentException("retentionCycles must be >= 0: " + retentionCycles);
        }
        if (archiveCommand != null && !archiveCommand.isBlank() && archiveDirectory == null)
        {
            throw new IllegalArgumentException(KEY_ARCHIVE_COMMAND + " needs " + KEY_ARCHIVE_DIR +
                " (the command runs on the files moved there)");
        }
        if (maxSessions < 1 || maxSessions > 1 << 20)
        {
            throw new IllegalArgumentException("maxSessions must be in 1..1048576: " + maxSessions);
        }
        if (initialIndexCapacity < 16)
        {
            throw new IllegalArgumentException("initialIndexCapacity must be >= 16: " + initialIndexCapacity);
        }
        if (lowSpaceBytes < 0)
        {
            throw new IllegalArgumentException("lowSpaceBytes must be >= 0: " + lowSpaceBytes);
        }
        return this;
    }

    /**
     * Applies one settings-file key ({@link JournalSettings}).
     *
     * @return false if the key is not a journal key (the caller decides whether that is an error).
     */
    public boolean applySetting(final String key, final String value)
    {
        return JournalSettings.apply(this, key, value);
    }

    /** The directory from the settings file: {@code JournalPath} wins over its alias {@code FileStorePath} in any order. */
    void directoryFromSettings(final Path directory, final boolean alias)
    {
        if (!alias)
        {
            journalPathSet = true;
            directory(directory);
        }
        else if (!journalPathSet)
        {
            directory(directory);
        }
    }
}
