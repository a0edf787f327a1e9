package io.fixtape.bench.harness.run;

import java.lang.management.ManagementFactory;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How a client or server JVM of the harness is started: {@code taskset -c CPU java FLAGS HEAP -cp CP MAIN ARGS}, a
 * server JVM (every arm's) with the standards file's {@code jvm.server.flags} after HEAP.
 * The java binary, flags and classpath are the ones bin/fixtape exports ({@code FIXTAPE_JAVA},
 * {@code FIXTAPE_JVM_FLAGS}, {@code FIXTAPE_CLASSPATH}); without them (tests) this JVM's own binary, module flags
 * and classpath. {@code taskset} pins every thread of the child (JIT and GC included) to the CPU; the
 * orchestrator then reads the placement back from /proc and aborts if it differs. Immutable.
 */
public final class ChildJvm
{
    private final String java;
    private final List<String> flags;
    private final String classpath;
    private final List<String> heap;
    private final List<String> server;

    public ChildJvm(final String heapFlags)
    {
        this(heapFlags, "");
    }

    /** @param serverFlags added to every server JVM only (all arms alike), e.g. JIT settings for its one core. */
    public ChildJvm(final String heapFlags, final String serverFlags)
    {
        final String envJava = System.getenv("FIXTAPE_JAVA");
        this.java = envJava != null ? envJava : Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        final String envFlags = System.getenv("FIXTAPE_JVM_FLAGS");
        this.flags = envFlags != null ? split(envFlags) : inheritedFlags();
        final String envClasspath = System.getenv("FIXTAPE_CLASSPATH");
        this.classpath = envClasspath != null ? envClasspath : System.getProperty("java.class.path");
        this.heap = split(heapFlags);
        this.server = split(serverFlags);
    }

    /** The full command for a server JVM pinned to {@code cpu}: {@link #command} plus the server flags. */
    public List<String> serverCommand(final int cpu, final String mainClass, final List<String> args)
    {
        final List<String> command = command(cpu, mainClass, args);
        command.addAll(command.indexOf("-cp"), server);
        return command;
    }

    /** The flags only server JVMs get ({@code jvm.server.flags}). */
    public List<String> serverFlags()
    {
        return server;
    }

    /** The full command for a child pinned to {@code cpu}. */
    public List<String> command(final int cpu, final String mainClass, final List<String> args)
    {
        final List<String> command = new ArrayList<>();
        command.add("taskset");
        command.add("-c");
        command.add(Integer.toString(cpu));
        command.add(java);
        command.addAll(flags);
        command.addAll(heap);
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    public String java()
    {
        return java;
    }

    public List<String> flags()
    {
        final List<String> all = new ArrayList<>(flags);
        all.addAll(heap);
        return all;
    }

    /** Every flag on a server JVM's command line: {@link #flags()} then the server-only flags. */
    public List<String> serverJvmFlags()
    {
        final List<String> all = flags();
        all.addAll(server);
        return all;
    }

    /** A command line for the profile: the classpath elided (it is long and machine-specific). */
    public static String printable(final List<String> command)
    {
        final List<String> out = new ArrayList<>(command);
        final int cp = out.indexOf("-cp");
        if (cp >= 0 && cp + 1 < out.size())
        {
            out.set(cp + 1, "<classpath>");
        }
        return String.join(" ", out);
    }

    private static List<String> split(final String text)
    {
        return text.isBlank() ? List.of() : Arrays.asList(text.trim().split("\\s+"));
    }

    private static List<String> inheritedFlags()
    {
        final List<String> out = new ArrayList<>();
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (arg.startsWith("--add-") || arg.startsWith("--enable-native-access") || arg.startsWith("-Dchronicle")
                || arg.startsWith("--sun-misc-unsafe-memory-access"))
            {
                out.add(arg);
            }
        }
        return out;
    }
}
