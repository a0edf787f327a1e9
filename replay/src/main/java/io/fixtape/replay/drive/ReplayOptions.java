package io.fixtape.replay.drive;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * How to replay: transport, pacing, application, journal, what to collect. Fluent setters; defaults: inproc,
 * max pace, app {@code exec}, journal mode {@code audit} in a temporary directory, outbound collected for the diff,
 * idle timeout 2 s (how long to wait for more outbound once every inbound message was sent), no progress bar.
 */
public final class ReplayOptions
{
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 1024 * 1024;

    private TransportKind transport = TransportKind.INPROC;
    private Pacing pacing = Pacing.max();
    private String application = "exec";
    private String journalMode = "audit";
    private Path journalDirectory;
    private boolean collectOutbound = true;
    private long idleTimeoutNanos = 2_000_000_000L;
    private long runTimeoutNanos = 600_000_000_000L;
    private int maxMessageSize = DEFAULT_MAX_MESSAGE_SIZE;
    private PrintStream progress;

    public ReplayOptions transport(final TransportKind transport)
    {
        this.transport = transport;
        return this;
    }

    public ReplayOptions pacing(final Pacing pacing)
    {
        this.pacing = pacing;
        return this;
    }

    public ReplayOptions application(final String application)
    {
        this.application = application;
        return this;
    }

    /** {@code none}, {@code store} or {@code audit} (the replayed engine's own journal). */
    public ReplayOptions journalMode(final String journalMode)
    {
        this.journalMode = journalMode;
        return this;
    }

    /** Where the replayed engine journals; null: a temporary directory deleted afterwards. */
    public ReplayOptions journalDirectory(final Path journalDirectory)
    {
        this.journalDirectory = journalDirectory;
        return this;
    }

    /** Keep the replayed outbound messages for {@link FixDiff} (memory: their bytes). */
    public ReplayOptions collectOutbound(final boolean collectOutbound)
    {
        this.collectOutbound = collectOutbound;
        return this;
    }

    public ReplayOptions idleTimeoutNanos(final long idleTimeoutNanos)
    {
        this.idleTimeoutNanos = idleTimeoutNanos;
        return this;
    }

    public ReplayOptions runTimeoutNanos(final long runTimeoutNanos)
    {
        this.runTimeoutNanos = runTimeoutNanos;
        return this;
    }

    public ReplayOptions maxMessageSize(final int maxMessageSize)
    {
        this.maxMessageSize = maxMessageSize;
        return this;
    }

    /** Draw a progress bar on this stream (e.g. System.err); null for none. */
    public ReplayOptions progress(final PrintStream progress)
    {
        this.progress = progress;
        return this;
    }

    public TransportKind transport()
    {
        return transport;
    }

    public Pacing pacing()
    {
        return pacing;
    }

    public String application()
    {
        return application;
    }

    public String journalMode()
    {
        return journalMode;
    }

    public Path journalDirectory()
    {
        return journalDirectory;
    }

    public boolean collectOutbound()
    {
        return collectOutbound;
    }

    public long idleTimeoutNanos()
    {
        return idleTimeoutNanos;
    }

    public long runTimeoutNanos()
    {
        return runTimeoutNanos;
    }

    public int maxMessageSize()
    {
        return maxMessageSize;
    }

    public PrintStream progress()
    {
        return progress;
    }
}
