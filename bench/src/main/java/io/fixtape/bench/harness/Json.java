package io.fixtape.bench.harness;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** JSON in and out for bench results (one object per line in a results file). Stateless. */
public final class Json
{
    private static final Gson COMPACT = new GsonBuilder().disableHtmlEscaping().serializeSpecialFloatingPointValues()
        .create();

    private Json()
    {
    }

    public static String line(final Object value)
    {
        return COMPACT.toJson(value);
    }

    public static JsonObject parse(final String text)
    {
        return JsonParser.parseString(text).getAsJsonObject();
    }

    public static JsonObject read(final Path file) throws IOException
    {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    /** Every non-blank line of a JSON-lines results file as an object. */
    public static List<JsonObject> readLines(final Path file) throws IOException
    {
        final List<JsonObject> objects = new ArrayList<>();
        for (final String line : Files.readAllLines(file, StandardCharsets.UTF_8))
        {
            if (!line.isBlank())
            {
                objects.add(parse(line));
            }
        }
        return objects;
    }

    public static Gson gson()
    {
        return COMPACT;
    }
}
