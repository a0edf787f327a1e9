package io.fixtape.bench.harness;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The recipe file {@code bench/standards.properties} (the one versioned source of defaults): warm-up, measured,
 * runs, rates, gate thresholds and placement, with the SHA-256 of the exact bytes read. Every result cell carries
 * {@link #describe()}. Immutable.
 */
public final class Standards
{
    private final Path file;
    private final Properties values;
    private final String sha256;

    private Standards(final Path file, final byte[] bytes)
    {
        this.file = file;
        this.values = new Properties();
        try
        {
            values.load(new StringReader(new String(bytes, java.nio.charset.StandardCharsets.UTF_8)));
            this.sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException(e);
        }
    }

    public static Standards load(final Path file)
    {
        try
        {
            return new Standards(file.toAbsolutePath().normalize(), Files.readAllBytes(file));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot read bench standards " + file, e);
        }
    }

    /**
     * Finds the file: {@code $FIXTAPE_HOME/bench/standards.properties} (set by bin/fixtape), else
     * {@code bench/standards.properties} or {@code standards.properties} relative to the working directory.
     */
    public static Path locate()
    {
        final String home = System.getenv("FIXTAPE_HOME");
        final List<Path> candidates = home == null
            ? List.of(Paths.get("bench/standards.properties"), Paths.get("standards.properties"),
                Paths.get("../bench/standards.properties"))
            : List.of(Paths.get(home, "bench/standards.properties"));
        for (final Path candidate : candidates)
        {
            if (Files.isReadable(candidate))
            {
                return candidate;
            }
        }
        throw new IllegalStateException("bench/standards.properties not found (looked at " + candidates + ")");
    }

    public Recipe recipe(final String label)
    {
        final String prefix = "recipe." + label + ".";
        if (!values.containsKey(prefix + "warmup"))
        {
            throw new IllegalArgumentException("no recipe '" + label + "' in " + file);
        }
        return new Recipe(label, getInt(prefix + "warmup"), getInt(prefix + "measured"), getInt(prefix + "runs"));
    }

    public String get(final String key)
    {
        final String value = values.getProperty(key);
        if (value == null)
        {
            throw new IllegalStateException("missing '" + key + "' in " + file);
        }
        return value.trim();
    }

    public int getInt(final String key)
    {
        return Integer.parseInt(get(key));
    }

    public long getLong(final String key)
    {
        return Long.parseLong(get(key));
    }

    public double getDouble(final String key)
    {
        return Double.parseDouble(get(key));
    }

    public String sha256()
    {
        return sha256;
    }

    /** The {@code bench_standards} block: path, checksum and every value in force. */
    public Map<String, Object> describe()
    {
        final Map<String, Object> out = new LinkedHashMap<>();
        out.put("file", file.toString());
        out.put("sha256", sha256);
        final Map<String, String> sorted = new TreeMap<>();
        values.stringPropertyNames().forEach(key -> sorted.put(key, values.getProperty(key).trim()));
        out.put("values", sorted);
        return out;
    }
}
