package io.fixtape.bench.harness.run;

import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The orchestrator accepts a listener on the server's port only when the server process owns it (read from
 * /proc/net/tcp and /proc/PID/fd), so a stranger that took the port between freePort() and the server's bind is
 * never measured as the arm.
 */
class ListenerOwnershipTest
{
    @Test
    void aListenerIsOwnedByTheProcessThatOpenedItOnly() throws Exception
    {
        try (ServerSocket listener = new ServerSocket())
        {
            listener.bind(new InetSocketAddress("127.0.0.1", 0));
            final int port = listener.getLocalPort();
            final List<String> inodes = RunOrchestrator.listeningInodes(port);
            assertFalse(inodes.isEmpty(), "listener on " + port + " in /proc/net/tcp");
            assertTrue(RunOrchestrator.ownsSocket(ProcessHandle.current().pid(), inodes), "this JVM owns it");
            final Process stranger = new ProcessBuilder("sleep", "30").start();
            try
            {
                assertFalse(RunOrchestrator.ownsSocket(stranger.pid(), inodes), "another process does not");
            }
            finally
            {
                stranger.destroyForcibly().waitFor();
            }
        }
    }

    @Test
    void aClosedListenerIsGoneFromTheTable() throws Exception
    {
        final int port;
        final List<String> inodes;
        try (ServerSocket listener = new ServerSocket(0))
        {
            port = listener.getLocalPort();
            inodes = RunOrchestrator.listeningInodes(port);
            assertTrue(RunOrchestrator.isListening(port));
        }
        // (another process may bind the port meanwhile: only our socket's inode must be gone)
        for (final String inode : inodes)
        {
            assertFalse(RunOrchestrator.listeningInodes(port).contains(inode), "closed listener " + inode);
        }
    }
}
