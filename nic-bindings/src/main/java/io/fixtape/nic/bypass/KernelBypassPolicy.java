package io.fixtape.nic.bypass;

import io.fixtape.engine.config.KnownKeys;
import io.fixtape.engine.config.Settings;
import io.fixtape.nic.KernelBypass;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Applies the settings file's kernel-bypass policy at process start, before any socket exists, and says in one line
 * what is in force. {@code KernelBypass=off} (default) touches nothing; {@code prefer} uses Onload when this process
 * runs under it and otherwise reports the kernel stack; {@code require} refuses to start unless a bypass stack is
 * active — Onload (checked through its extension API) or VMA (preloaded; it has no query API fixtape binds) — with
 * a message naming what was looked for and found. ef_vi is a raw NIC API with no TCP of its own, so it can never
 * carry a FIX session by itself: it is reported, never counted as active for a session.
 *
 * <p>Call once from the main thread at start-up; not for the hot path.
 */
public final class KernelBypassPolicy
{
    public static final String KEY_MODE = "KernelBypass";
    public static final String KEY_STACK_NAME = "OnloadStackName";
    public static final String KEY_LIBRARY_DIR = "OnloadLibraryPath";

    /** What the settings ask for. */
    public enum Mode
    {
        OFF, PREFER, REQUIRE;

        public static Mode parse(final String value)
        {
            try
            {
                return valueOf(value.trim().toUpperCase(Locale.ROOT));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException(KEY_MODE + "=" + value + ": expected off, prefer or require", ex);
            }
        }
    }

    /** What is in force after {@link #apply}: whether sockets will be accelerated, and the line to log. */
    public record Decision(Mode mode, String stack, boolean accelerated, String line)
    {
    }

    private final Mode mode;
    private final String stackName;
    private final Path libraryDir;
    private final KernelBypass detection;

    public KernelBypassPolicy(final Mode mode, final String stackName, final Path libraryDir,
        final KernelBypass detection)
    {
        this.mode = mode;
        this.stackName = stackName;
        this.libraryDir = libraryDir;
        this.detection = detection;
    }

    /** The settings keys this policy reads, with their docs, added to {@code base} (engine-wide: [DEFAULT] only). */
    public static KnownKeys knownKeys(final KnownKeys base)
    {
        return base
            .with(KEY_MODE, KnownKeys.Scope.ENGINE, "off (default) | prefer | require: kernel-bypass policy applied at start-up; require " +
                "refuses to start unless Onload or VMA is active for this process")
            .with(KEY_STACK_NAME, KnownKeys.Scope.ENGINE, "Onload stack name for this process's sockets (onload_set_stackname, all " +
                "threads, global scope); only when running under Onload")
            .with(KEY_LIBRARY_DIR, KnownKeys.Scope.ENGINE, "directory holding libonload_ext.so when it is not on the system library path");
    }

    /** The policy of a settings file's [DEFAULT] section. */
    public static KernelBypassPolicy fromSettings(final Settings.Section defaults)
    {
        final String dir = defaults.string(KEY_LIBRARY_DIR, null);
        return new KernelBypassPolicy(
            Mode.parse(defaults.string(KEY_MODE, "off")),
            defaults.string(KEY_STACK_NAME, null),
            dir == null ? null : Path.of(dir),
            new KernelBypass());
    }

    /**
     * Loads and configures the bypass stack as the mode says.
     *
     * @throws BypassUnavailableException when the mode is {@code require} and no stack is active.
     */
    public Decision apply()
    {
        if (mode == Mode.OFF)
        {
            return new Decision(mode, "kernel", false, "kernel bypass: off (" + detection.summary() + ")");
        }
        final Onload onload = Onload.open(libraryDir);
        final Onload.Availability availability = onload.availability();
        if (availability.usable())
        {
            if (stackName != null)
            {
                onload.setStackName(Onload.Who.ALL_THREADS, Onload.Scope.GLOBAL, stackName);
            }
            return new Decision(mode, "onload", true, "kernel bypass: onload active" +
                (stackName == null ? "" : ", stack '" + stackName + "'"));
        }
        for (final KernelBypass.Stack stack : detection.detect())
        {
            if (stack.name().equals("vma") && stack.active())
            {
                return new Decision(mode, "vma", true, "kernel bypass: vma active (" + stack.status() + ")");
            }
        }
        if (mode == Mode.REQUIRE)
        {
            throw new BypassUnavailableException(KEY_MODE + "=require but no kernel-bypass stack is active: " +
                availability.reason() + "; detected: " + detection.summary() +
                ". Start the process under Onload (e.g. `onload --profile=latency bin/fixtape acceptor ...`) or " +
                "with VMA preloaded, or set " + KEY_MODE + "=prefer|off.");
        }
        return new Decision(mode, "kernel", false, "kernel bypass: preferred but unavailable, kernel TCP in use (" +
            availability.reason() + "; detected: " + detection.summary() + ")");
    }
}
