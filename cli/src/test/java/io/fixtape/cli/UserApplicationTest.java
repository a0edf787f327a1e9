package io.fixtape.cli;

import io.fixtape.codecs.fix44.ExecutionReportDecoder;
import io.fixtape.codecs.fix44.NewOrderSingleEncoder;
import io.fixtape.codecs.fix44.OrdType;
import io.fixtape.codecs.fix44.Side;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.launcher.Fixtape;
import io.fixtape.launcher.FixtapeBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fixtape acceptor --app-class CLASS --classpath PATHS} runs an application compiled outside fixtape (here
 * compiled by the test into a directory of its own, written on the typed codecs); every mistake with the options is
 * one line on stderr and exit code 2.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UserApplicationTest
{
    private static final Pattern PORT = Pattern.compile("listening on port (\\d+)");
    private static final String USER_FILLS = String.join("\n",
        "package com.example;",
        "",
        "import io.fixtape.codecs.fix44.ExecType;",
        "import io.fixtape.codecs.fix44.ExecutionReportEncoder;",
        "import io.fixtape.codecs.fix44.NewOrderSingleDecoder;",
        "import io.fixtape.codecs.fix44.OrdStatus;",
        "import io.fixtape.engine.api.Application;",
        "import io.fixtape.engine.api.SessionHandle;",
        "import io.fixtape.engine.codec.FixDecoder;",
        "",
        "public final class UserFills implements Application",
        "{",
        "    private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();",
        "    private final ExecutionReportEncoder report = new ExecutionReportEncoder();",
        "",
        "    @Override",
        "    public void onMessage(final FixDecoder message, final SessionHandle session)",
        "    {",
        "        order.wrap(message);",
        "        report.wrap(session).orderID(\"USER-1\").clOrdID(order.clOrdID()).execID(\"USER-1\")",
        "            .execType(ExecType.TRADE).ordStatus(OrdStatus.FILLED).side(order.side());",
        "        report.instrument().symbol(order.instrument().symbol());",
        "        report.leavesQty(0, 0).cumQty(order.orderQtyData().orderQty()).avgPx(order.price());",
        "        report.complete();",
        "        session.send();",
        "    }",
        "}",
        "");
    private static final String NO_CONSTRUCTOR = String.join("\n",
        "package com.example;",
        "",
        "public final class NoConstructor implements io.fixtape.engine.api.Application",
        "{",
        "    public NoConstructor(final String name)",
        "    {",
        "    }",
        "",
        "    @Override",
        "    public void onMessage(final io.fixtape.engine.codec.FixDecoder message,",
        "        final io.fixtape.engine.api.SessionHandle session)",
        "    {",
        "    }",
        "}",
        "");

    @TempDir
    Path dir;
    private Path classes;
    private Path config;
    private Process child;

    @BeforeEach
    void compileTheUsersApplication() throws IOException
    {
        final Path sources = dir.resolve("src/com/example");
        Files.createDirectories(sources);
        Files.writeString(sources.resolve("UserFills.java"), USER_FILLS);
        Files.writeString(sources.resolve("NoConstructor.java"), NO_CONSTRUCTOR);
        classes = Files.createDirectories(dir.resolve("classes"));
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final int result = javac.run(null, null, null, "--release", "17", "-d", classes.toString(),
            "-cp", System.getProperty("java.class.path"),
            sources.resolve("UserFills.java").toString(), sources.resolve("NoConstructor.java").toString());
        assertEquals(0, result, "the user's application compiles against the installed API");
        config = Files.writeString(dir.resolve("acceptor.cfg"), String.join("\n",
            "[DEFAULT]",
            "ConnectionType=acceptor",
            "SocketAcceptPort=0",
            "NonStopSession=Y",
            "[SESSION]",
            "BeginString=FIX.4.4",
            "SenderCompID=EXEC",
            "TargetCompID=USER",
            ""));
    }

    @AfterEach
    void stopChild() throws InterruptedException
    {
        if (child != null)
        {
            child.destroy();
            child.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void theAcceptorRunsTheUsersApplicationFromItsClassPath() throws Exception
    {
        final AtomicReference<String> output = new AtomicReference<>("");
        final int port = startAcceptor(
            output, "--app-class", "com.example.UserFills", "--classpath", classes.toString());
        final Fills fills = new Fills();
        try (Fixtape initiator = new FixtapeBuilder()
            .session(s -> s.initiator("127.0.0.1", port).sessionId("FIX.4.4", "USER", "EXEC").nonStopSession(true)
                .reconnectIntervalSeconds(1))
            .application((id, clock) -> fills)
            .launch())
        {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (fills.orderId.get() == null && System.nanoTime() < deadline)
            {
                Thread.sleep(10);
            }
        }
        assertEquals("USER-1", fills.orderId.get(), "the fill came from the user's application");
        assertTrue(output.get().contains("app com.example.UserFills"), output.get());
        child.destroy();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
    }

    @Test
    void mistakesAreOneLineAndExitCodeTwo()
    {
        assertUserError("not found", "acceptor", "--config", config.toString(), "--app-class", "com.example.Missing",
            "--classpath", classes.toString());
        assertUserError("implements neither", "acceptor", "--config", config.toString(), "--app-class",
            "java.lang.String");
        assertUserError("no public no-argument constructor", "acceptor", "--config", config.toString(),
            "--app-class", "com.example.NoConstructor", "--classpath", classes.toString());
        assertUserError("exclude each other", "acceptor", "--config", config.toString(), "--app", "exec",
            "--app-class", "com.example.UserFills", "--classpath", classes.toString());
        assertUserError("--classpath needs --app-class", "acceptor", "--config", config.toString(),
            "--classpath", classes.toString());
        assertUserError("class path entry not found", "initiator", "--config", config.toString(),
            "--app-class", "com.example.UserFills", "--classpath", dir.resolve("missing.jar").toString());
        assertUserError("--app must be one of echo, exec, got nope", "acceptor", "--config", config.toString(),
            "--app", "nope");
    }

    private static void assertUserError(final String expected, final String... args)
    {
        final CliRun run = CliRun.fixtape(args);
        final String text = run.err.strip();
        assertEquals(ExitCodes.USAGE, run.exit, run.toString());
        assertTrue(text.startsWith("fixtape " + args[0] + ": ") && text.contains(expected), run.toString());
        assertFalse(text.contains("\n"), "one line: " + text);
        assertFalse(text.contains("Exception"), "no stack trace: " + text);
    }

    /** {@code fixtape acceptor} in a child JVM with this JVM's flags; returns its port once it listens. */
    private int startAcceptor(final AtomicReference<String> output, final String... appArgs) throws Exception
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
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(FixtapeMain.class.getName());
        command.addAll(List.of("acceptor", "--config", config.toString()));
        command.addAll(List.of(appArgs));
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

    /** Sends one order at logon, keeps the OrderID of the fill. */
    private static final class Fills implements Application
    {
        final AtomicReference<String> orderId = new AtomicReference<>();
        private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
        private final ExecutionReportDecoder report = new ExecutionReportDecoder();

        @Override
        public void onLogon(final SessionHandle session)
        {
            order.wrap(session).clOrdID("ORD-1").side(Side.BUY).transactTime(session.sendingTimeNanos())
                .ordType(OrdType.LIMIT).price(101, 0);
            order.instrument().symbol("ACME");
            order.orderQtyData().orderQty(10, 0);
            order.complete();
            session.send();
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            if (message.msgType() == ExecutionReportDecoder.MESSAGE_TYPE)
            {
                orderId.set(report.wrap(message).orderIDAsString());
            }
        }
    }
}
