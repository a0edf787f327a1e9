package io.fixtape.bench.sessions;

import io.fixtape.bench.harness.run.ChildJvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** The acceptor JVM of the many-session bench: {@code fixtape acceptor --app exec} on the generated settings file. */
final class AcceptorProcess
{
    private final Process process;
    private final long startedNanos;
    private final CompletableFuture<Long> listening = new CompletableFuture<>();
    private final StringBuilder output = new StringBuilder();
    private Thread reader;

    private AcceptorProcess(final Process process, final long startedNanos)
    {
        this.process = process;
        this.startedNanos = startedNanos;
    }

    static AcceptorProcess start(final Path config, final String jvmArgs) throws IOException
    {
        final ChildJvm jvm = new ChildJvm(jvmArgs == null ? "" : jvmArgs);
        final List<String> command = new ArrayList<>();
        command.add(jvm.java());
        command.addAll(jvm.flags());
        command.add("-cp");
        command.add(System.getenv("FIXTAPE_CLASSPATH") != null ? System.getenv("FIXTAPE_CLASSPATH") :
            System.getProperty("java.class.path"));
        command.addAll(List.of("io.fixtape.cli.FixtapeMain", "acceptor", "--config", config.toString(),
            "--app", "exec"));
        final long started = System.nanoTime();
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final AcceptorProcess acceptor = new AcceptorProcess(process, started);
        acceptor.reader = new Thread(acceptor::readOutput, "sessions-bench-acceptor-output");
        acceptor.reader.setDaemon(true);
        acceptor.reader.start();
        return acceptor;
    }

    private void readOutput()
    {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8)))
        {
            String line;
            while ((line = in.readLine()) != null)
            {
                synchronized (output)
                {
                    output.append(line).append('\n');
                }
                if (line.contains("listening on port"))
                {
                    listening.complete(System.nanoTime());
                }
            }
        }
        catch (final IOException ignore)
        {
            // the process ended
        }
        listening.completeExceptionally(new IOException("acceptor exited before listening: " + lastLine()));
    }

    /**
     * Seconds from the JVM's launch to the acceptor's "listening" line.
     *
     * @throws IOException naming the acceptor's last output line when it exited first.
     */
    double awaitListening() throws IOException, InterruptedException
    {
        try
        {
            return (listening.get(600, TimeUnit.SECONDS) - startedNanos) / 1e9;
        }
        catch (final ExecutionException ex)
        {
            throw (IOException)ex.getCause();
        }
        catch (final java.util.concurrent.TimeoutException ex)
        {
            throw new IOException("acceptor not listening after 600 s: " + lastLine());
        }
    }

    /** The acceptor's last non-blank output line (its error, when it exited), or "(no output)". */
    String lastLine()
    {
        final String[] lines = output().split("\n");
        for (int i = lines.length - 1; i >= 0; i--)
        {
            if (!lines[i].isBlank())
            {
                return lines[i].strip();
            }
        }
        return "(no output)";
    }

    long residentKiB() throws IOException
    {
        for (final String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status")))
        {
            if (line.startsWith("VmRSS:"))
            {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IOException("no VmRSS for process " + process.pid());
    }

    String output()
    {
        synchronized (output)
        {
            return output.toString();
        }
    }

    /** SIGTERM: the acceptor logs out its sessions and closes the journal. */
    void stop() throws InterruptedException
    {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            process.waitFor();
        }
        try
        {
            reader.join(5000); // its last lines (the counters at stop) read
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
