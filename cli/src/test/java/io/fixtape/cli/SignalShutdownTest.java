package io.fixtape.cli;

import io.fixtape.engine.runtime.RawFixClient;
import io.fixtape.journal.JournalReader;
import io.fixtape.journal.JournalRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.fixtape.engine.runtime.RawFixClient.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SIGTERM and SIGINT to a real {@code fixtape acceptor} process: every logged-on session gets a Logout, the process
 * exits, and the journal it leaves holds that Logout as its last outbound record and reads back whole.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SignalShutdownTest
{
    private static final Pattern PORT = Pattern.compile("listening on port (\\d+)");

    @TempDir
    Path dir;

    private Process child;

    @AfterEach
    void stopChild() throws InterruptedException
    {
        if (child != null && child.isAlive())
        {
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalLogsEverySessionOutAndClosesTheJournal(final String signal) throws Exception
    {
        final Path journal = dir.resolve("journal");
        final Path config = Files.writeString(dir.resolve("acceptor.cfg"), String.join("\n",
            "[DEFAULT]", "ConnectionType=acceptor", "SocketAcceptAddress=127.0.0.1", "SocketAcceptPort=0",
            "NonStopSession=Y", "BeginString=FIX.4.4", "SenderCompID=EXEC", "JournalPath=" + journal,
            "[SESSION]", "TargetCompID=A", "[SESSION]", "TargetCompID=B", ""));
        final AtomicReference<String> output = new AtomicReference<>("");
        final int port = startAcceptor(config, output);
        try (RawFixClient a = new RawFixClient(port); RawFixClient b = new RawFixClient(port))
        {
            a.send("FIX.4.4", "35=A|34=1|49=A|52=" + now() + "|56=EXEC|98=0|108=30|");
            b.send("FIX.4.4", "35=A|34=1|49=B|52=" + now() + "|56=EXEC|98=0|108=30|");
            assertTrue(a.receive(10_000).contains("|35=A|"));
            assertTrue(b.receive(10_000).contains("|35=A|"));

            final Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).start();
            assertEquals(0, kill.waitFor());
            for (final RawFixClient client : List.of(a, b))
            {
                final String logout = client.receive(20_000);
                assertTrue(logout != null && logout.contains("|35=5|"), "a Logout: " + logout);
                client.send("FIX.4.4", "35=5|34=2|49=" + (client == a ? "A" : "B") + "|52=" + now() + "|56=EXEC|");
            }
        }
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the process exits:\n" + output.get());
        assertTrue(output.get().contains("fixtape acceptor: stopped."), output.get());

        int logouts = 0;
        String lastOutbound = null;
        try (JournalReader reader = new JournalReader(journal))
        {
            final JournalRecord record = new JournalRecord();
            while (reader.next(record))
            {
                final String fix = record.fixAsString();
                if (record.direction() == io.fixtape.journal.JournalRecordDescriptor.DIRECTION_OUT)
                {
                    lastOutbound = fix;
                    logouts += fix.contains("\u000135=5\u0001") ? 1 : 0;
                }
            }
        }
        assertEquals(2, logouts, "both Logouts journaled");
        assertTrue(lastOutbound != null && lastOutbound.contains("\u000135=5\u0001"), "the last record: " + lastOutbound);
    }

    private int startAcceptor(final Path config, final AtomicReference<String> output) throws Exception
    {
        final List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (arg.startsWith("--") || arg.startsWith("-D") || arg.startsWith("-X"))
            {
                command.add(arg);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), FixtapeMain.class.getName(),
            "acceptor", "--config", config.toString(), "--app", "exec"));
        child = new ProcessBuilder(command).redirectErrorStream(true).start();
        final CompletableFuture<Integer> listening = new CompletableFuture<>();
        final Process process = child;
        final Thread pump = new Thread(() ->
        {
            try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)))
            {
                String line;
                while ((line = out.readLine()) != null)
                {
                    output.accumulateAndGet(line + "\n", String::concat);
                    final Matcher port = PORT.matcher(line);
                    if (port.find())
                    {
                        listening.complete(Integer.parseInt(port.group(1)));
                    }
                }
            }
            catch (final IOException ignore)
            {
                // the process ended
            }
            listening.complete(-1);
        }, "acceptor-output");
        pump.setDaemon(true);
        pump.start();
        final int port = listening.get(60, TimeUnit.SECONDS);
        assertTrue(port > 0, "the acceptor did not start:\n" + output.get());
        return port;
    }
}
