package io.fixtape.nic.bypass;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

import java.lang.reflect.Method;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Binding to OpenOnload's extension API through JNA: whether this process runs under Onload, stack naming, per-thread
 * spin control, and — the check that matters — whether a given socket is actually accelerated
 * ({@code onload_fd_stat}). Loaded lazily and never required: on a machine without Onload, {@link #open()} returns an
 * instance whose {@link #availability()} says exactly why, and every call throws {@link BypassUnavailableException}
 * with that reason instead of an {@code UnsatisfiedLinkError}.
 *
 * <p>Onload's own rule applies: a process not started under {@code onload} (LD_PRELOAD of {@code libonload.so}) can
 * load {@code libonload_ext.so} — it then reports "not present" and accelerates nothing. Configuration calls are made
 * from the thread they should affect (stack names and spin settings are per thread by default). Not for the hot path.
 */
public final class Onload
{
    /** Library name as JNA resolves it ({@code libonload_ext.so}). */
    public static final String LIBRARY = "onload_ext";

    /** {@code enum onload_stackname_who}. */
    public enum Who
    {
        THIS_THREAD, ALL_THREADS
    }

    /** {@code enum onload_stackname_scope}. */
    public enum Scope
    {
        NOCHANGE, THREAD, PROCESS, USER, GLOBAL
    }

    /** {@code enum onload_spin_type} (same order as the header). */
    public enum Spin
    {
        ALL, UDP_RECV, UDP_SEND, TCP_RECV, TCP_SEND, TCP_ACCEPT, PIPE_RECV, PIPE_SEND, SELECT, POLL, PKT_WAIT,
        EPOLL_WAIT, STACK_LOCK, SOCK_LOCK
    }

    /** Whether the extension library loaded and whether this process runs under Onload, with the reason. */
    public record Availability(boolean libraryLoaded, boolean present, String reason)
    {
        /** Sockets of this process can be accelerated. */
        public boolean usable()
        {
            return libraryLoaded && present;
        }
    }

    /** What {@code onload_fd_stat} reported for an accelerated socket. */
    public record FdStat(int stackId, String stackName, int endpointId, int endpointState)
    {
    }

    private final OnloadLibrary library;
    private final Availability availability;

    private Onload(final OnloadLibrary library, final Availability availability)
    {
        this.library = library;
        this.availability = availability;
    }

    /** Loads {@code libonload_ext.so} from the system library path (or {@code jna.library.path}). */
    public static Onload open()
    {
        return open(null);
    }

    /** Loads {@code libonload_ext.so}, looking first in {@code libraryDir} when it is not null. */
    public static Onload open(final Path libraryDir)
    {
        return open(libraryDir, LIBRARY);
    }

    static Onload open(final Path libraryDir, final String libraryName)
    {
        if (libraryDir != null)
        {
            NativeLibrary.addSearchPath(libraryName, libraryDir.toString());
        }
        final OnloadLibrary library;
        try
        {
            library = Native.load(libraryName, OnloadLibrary.class);
        }
        catch (final UnsatisfiedLinkError | NoClassDefFoundError ex)
        {
            return new Onload(null, new Availability(false, false,
                "OpenOnload extension library lib" + libraryName + ".so not found" +
                (libraryDir == null ? "" : " (also looked in " + libraryDir + ")") +
                ": Onload is not installed on this host; sockets use the kernel TCP stack [" +
                firstLine(ex.getMessage()) + "]"));
        }
        final boolean present = library.onload_is_present() != 0;
        return new Onload(library, new Availability(true, present, present ?
            "running under Onload" :
            "lib" + LIBRARY + ".so is installed but this process was not started under Onload (no libonload.so " +
            "in LD_PRELOAD): sockets use the kernel TCP stack"));
    }

    public Availability availability()
    {
        return availability;
    }

    /** Names the Onload stack for sockets created after this call ({@code onload_set_stackname}). */
    public void setStackName(final Who who, final Scope scope, final String stackName)
    {
        check("onload_set_stackname", requireLoaded().onload_set_stackname(who.ordinal(), scope.ordinal(), stackName));
    }

    /** Turns Onload's spinning on or off for the calling thread ({@code onload_thread_set_spin}). */
    public void setThreadSpin(final Spin type, final boolean spin)
    {
        check("onload_thread_set_spin", requireLoaded().onload_thread_set_spin(type.ordinal(), spin ? 1 : 0));
    }

    /** The Onload stack of an accelerated fd, or empty when the fd is a kernel socket. */
    public Optional<FdStat> stat(final int fd)
    {
        final OnloadLibrary.OnloadStat stat = new OnloadLibrary.OnloadStat();
        final int rc = requireLoaded().onload_fd_stat(fd, stat);
        check("onload_fd_stat", rc);
        if (rc == 0)
        {
            return Optional.empty();
        }
        stat.read();
        String name = null;
        if (stat.stack_name != null)
        {
            name = stat.stack_name.getString(0);
            Native.free(Pointer.nativeValue(stat.stack_name));
        }
        return Optional.of(new FdStat(stat.stack_id, name, stat.endpoint_id, stat.endpoint_state));
    }

    /** {@link #stat(int)} for a channel's file descriptor. */
    public Optional<FdStat> stat(final SocketChannel channel)
    {
        return stat(fdOf(channel));
    }

    /** The OS file descriptor of a JDK socket channel (needs {@code --add-exports java.base/sun.nio.ch}). */
    public static int fdOf(final SocketChannel channel)
    {
        try
        {
            final Method getFdVal = Class.forName("sun.nio.ch.SelChImpl").getMethod("getFDVal");
            return (int)getFdVal.invoke(channel);
        }
        catch (final ReflectiveOperationException | RuntimeException ex)
        {
            throw new IllegalStateException("cannot read the fd of " + channel.getClass().getName() +
                " (is --add-exports=java.base/sun.nio.ch=ALL-UNNAMED among the JVM flags?)", ex);
        }
    }

    private OnloadLibrary requireLoaded()
    {
        if (library == null)
        {
            throw new BypassUnavailableException(availability.reason());
        }
        return library;
    }

    private static void check(final String call, final int rc)
    {
        if (rc < 0)
        {
            throw new BypassUnavailableException(call + " failed: errno " + (-rc));
        }
    }

    private static String firstLine(final String message)
    {
        if (message == null)
        {
            return "no detail";
        }
        final int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
