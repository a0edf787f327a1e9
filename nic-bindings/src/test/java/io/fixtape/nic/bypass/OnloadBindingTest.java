package io.fixtape.nic.bypass;

import com.sun.jna.Library;
import com.sun.jna.Native;
import io.fixtape.nic.KernelBypass;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Onload binding against (a) this machine, where Onload is absent, and (b) a stand-in {@code libonload_ext.so}
 * compiled here from {@code src/test/c} with the C compiler, which checks what crosses the JNA boundary: arguments,
 * enum ordinals, return codes, the {@code onload_stat} struct and its malloc'd name.
 */
class OnloadBindingTest
{
    /** Controls exported only by the stand-in library. */
    interface StandIn extends Library
    {
        void stand_in_set_present(int value);

        void stand_in_accelerate_fd(int fd);

        int stand_in_last_who();

        int stand_in_last_scope();

        int stand_in_last_spin_type();

        int stand_in_last_spin();
    }

    @TempDir
    static Path libraryDir;

    private static StandIn standIn;

    @BeforeAll
    static void buildStandIn() throws IOException, InterruptedException
    {
        final Path source = Path.of("src/test/c/onload_ext_stand_in.c").toAbsolutePath();
        final Path library = libraryDir.resolve("libonload_ext.so");
        final Process cc = new ProcessBuilder("cc", "-shared", "-fPIC", "-O1", "-o", library.toString(),
            source.toString()).redirectErrorStream(true).start();
        final String output = new String(cc.getInputStream().readAllBytes());
        assertTrue(cc.waitFor(60, TimeUnit.SECONDS), "cc did not finish");
        assertEquals(0, cc.exitValue(), "cc failed (a C compiler is a test prerequisite, .ci/run installs gcc): " +
            output);
        com.sun.jna.NativeLibrary.addSearchPath(Onload.LIBRARY, libraryDir.toString());
        standIn = Native.load(Onload.LIBRARY, StandIn.class);
    }

    @Test
    void absentLibrarySaysSoAndEveryCallExplainsWhy()
    {
        final Onload onload = Onload.open(Path.of("/nonexistent"), "fixtape_no_such_onload_ext");
        assertFalse(onload.availability().libraryLoaded());
        assertFalse(onload.availability().usable());
        assertTrue(onload.availability().reason().contains("libfixtape_no_such_onload_ext.so not found"),
            onload.availability().reason());
        final BypassUnavailableException ex = assertThrows(BypassUnavailableException.class,
            () -> onload.setThreadSpin(Onload.Spin.ALL, true));
        assertTrue(ex.getMessage().contains("kernel TCP stack"), ex.getMessage());
    }

    @Test
    void loadedButNotRunningUnderOnloadIsNotUsable()
    {
        standIn.stand_in_set_present(0);
        final Onload onload = Onload.open(libraryDir);
        assertTrue(onload.availability().libraryLoaded());
        assertFalse(onload.availability().usable());
        assertTrue(onload.availability().reason().contains("not started under Onload"));
    }

    @Test
    void callsCrossTheBoundaryWithTheHeadersOrdinalsAndReturnCodes() throws IOException
    {
        standIn.stand_in_set_present(1);
        final Onload onload = Onload.open(libraryDir);
        assertTrue(onload.availability().usable());

        onload.setStackName(Onload.Who.ALL_THREADS, Onload.Scope.GLOBAL, "fixtape-md");
        assertEquals(1, standIn.stand_in_last_who());
        assertEquals(4, standIn.stand_in_last_scope());

        onload.setThreadSpin(Onload.Spin.TCP_RECV, true);
        assertEquals(3, standIn.stand_in_last_spin_type());
        assertEquals(1, standIn.stand_in_last_spin());
        onload.setThreadSpin(Onload.Spin.SOCK_LOCK, false);
        assertEquals(13, standIn.stand_in_last_spin_type());
        assertEquals(0, standIn.stand_in_last_spin());

        try (ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
            SocketChannel client = SocketChannel.open(server.getLocalAddress());
            SocketChannel accepted = server.accept())
        {
            final int fd = Onload.fdOf(client);
            assertTrue(fd > 2, "a real socket fd: " + fd);
            assertTrue(fd != Onload.fdOf(accepted));
            standIn.stand_in_accelerate_fd(fd);
            final Optional<Onload.FdStat> stat = onload.stat(client);
            assertTrue(stat.isPresent());
            assertEquals(new Onload.FdStat(7, "fixtape-md", fd * 10, 3), stat.get());
            assertEquals(Optional.empty(), onload.stat(accepted), "a kernel socket reports no stack");
        }
        final BypassUnavailableException bad = assertThrows(BypassUnavailableException.class, () -> onload.stat(-1));
        assertEquals("onload_fd_stat failed: errno 9", bad.getMessage());
    }

    @Test
    void policyOffPreferRequire()
    {
        final KernelBypass nothing = new KernelBypass(Map.of(), libraryDir.resolve("empty-root"));
        final KernelBypassPolicy.Decision off =
            new KernelBypassPolicy(KernelBypassPolicy.Mode.OFF, null, null, nothing).apply();
        assertEquals("kernel bypass: off (onload=absent; ef_vi=absent; vma=absent)", off.line());

        standIn.stand_in_set_present(0);
        final KernelBypassPolicy.Decision prefer =
            new KernelBypassPolicy(KernelBypassPolicy.Mode.PREFER, null, libraryDir, nothing).apply();
        assertFalse(prefer.accelerated());
        assertTrue(prefer.line().startsWith("kernel bypass: preferred but unavailable, kernel TCP in use"),
            prefer.line());

        final BypassUnavailableException refused = assertThrows(BypassUnavailableException.class,
            () -> new KernelBypassPolicy(KernelBypassPolicy.Mode.REQUIRE, null, libraryDir, nothing).apply());
        assertTrue(refused.getMessage().startsWith("KernelBypass=require but no kernel-bypass stack is active"),
            refused.getMessage());
        assertTrue(refused.getMessage().contains("onload=absent"), refused.getMessage());

        final KernelBypass vmaPreloaded = new KernelBypass(Map.of("LD_PRELOAD", "/usr/lib/libvma.so"),
            libraryDir.resolve("empty-root"));
        final KernelBypassPolicy.Decision vma =
            new KernelBypassPolicy(KernelBypassPolicy.Mode.REQUIRE, null, libraryDir, vmaPreloaded).apply();
        assertTrue(vma.accelerated());
        assertEquals("vma", vma.stack());

        standIn.stand_in_set_present(1);
        final KernelBypassPolicy.Decision onload =
            new KernelBypassPolicy(KernelBypassPolicy.Mode.REQUIRE, "fixtape-acceptor", libraryDir, nothing).apply();
        assertTrue(onload.accelerated());
        assertEquals("kernel bypass: onload active, stack 'fixtape-acceptor'", onload.line());
    }
}
