package io.fixtape.nic;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Detects kernel-bypass network stacks (Solarflare/Xilinx OpenOnload and ef_vi, Mellanox/NVIDIA VMA) by what they
 * leave on a machine: their preload in {@code LD_PRELOAD}, their shared libraries, their device nodes. Detection
 * only: fixtape carries no bindings for them, and on a machine without them every stack reports {@code absent}.
 * A stack that is merely installed is not one that is in use: only a preload in {@code LD_PRELOAD} means sockets
 * of this process go through it ({@link Stack#active()}).
 *
 * <p>Stateless apart from the injected environment; safe from any thread.
 */
public final class KernelBypass
{
    private static final List<String> LIBRARY_DIRS = List.of(
        "/usr/lib64", "/usr/lib", "/lib64", "/lib", "/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu",
        "/usr/local/lib", "/usr/local/lib64", "/opt/onload/lib64");

    /** One bypass stack and what was found of it. */
    public record Stack(String name, boolean preloaded, List<String> evidence)
    {
        /** Sockets of this process go through the stack only when its library is preloaded. */
        public boolean active()
        {
            return preloaded;
        }

        /** {@code "absent"}, {@code "installed, not preloaded (…)"} or {@code "active (…)"}. */
        public String status()
        {
            if (evidence.isEmpty())
            {
                return "absent";
            }
            return (preloaded ? "active (" : "installed, not preloaded (") + String.join(", ", evidence) + ")";
        }
    }

    private final Map<String, String> env;
    private final Path root;

    /** Detection against this process's environment and the real file system. */
    public KernelBypass()
    {
        this(System.getenv(), Paths.get("/"));
    }

    /** Detection against an injected environment and file-system root (tests). */
    public KernelBypass(final Map<String, String> env, final Path root)
    {
        this.env = env;
        this.root = root;
    }

    public List<Stack> detect()
    {
        return List.of(
            detect("onload", List.of("libonload.so", "libonload_ext.so"), List.of("dev/onload", "dev/onload_epoll")),
            detect("ef_vi", List.of("libciul.so", "libciul1.so"), List.of("dev/sfc_char")),
            detect("vma", List.of("libvma.so", "libxlio.so"), List.of()));
    }

    /** One line per stack, e.g. {@code onload=absent vma=absent ef_vi=absent}. */
    public String summary()
    {
        final StringBuilder out = new StringBuilder();
        for (final Stack stack : detect())
        {
            if (out.length() > 0)
            {
                out.append("; ");
            }
            out.append(stack.name()).append('=').append(stack.status());
        }
        return out.toString();
    }

    private Stack detect(final String name, final List<String> libraries, final List<String> devices)
    {
        final List<String> evidence = new ArrayList<>();
        final String preload = env.getOrDefault("LD_PRELOAD", "");
        boolean preloaded = false;
        for (final String library : libraries)
        {
            if (!preloaded && preload.contains(library.substring(0, library.length() - 3)))
            {
                preloaded = true;
                evidence.add("LD_PRELOAD=" + preload);
            }
            for (final String dir : LIBRARY_DIRS)
            {
                final Path candidate = root.resolve(dir.substring(1)).resolve(library);
                if (Files.exists(candidate))
                {
                    evidence.add("/" + root.relativize(candidate));
                }
            }
        }
        for (final String device : devices)
        {
            if (Files.exists(root.resolve(device)))
            {
                evidence.add("/" + device);
            }
        }
        return new Stack(name, preloaded, List.copyOf(evidence));
    }
}
