package io.fixtape.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Generates typed codecs for one dictionary into one Java package: per field with enumerated values an enum; per
 * message a decoder and an encoder; per component and per repeating group layout a decoder and an encoder; the
 * header's decoder; {@code MessageTypes} and {@code MessageDispatcher}.
 *
 * <pre>{@code
 * new CodecGenerator()
 *     .dictionary(DictionarySource.standard("FIX44"))
 *     .packageName("com.acme.fix44")
 *     .outputDirectory(Path.of("target/generated-sources/fixtape"))
 *     .generate();
 * }</pre>
 *
 * <p>A file whose content is unchanged is not rewritten (so incremental compilation sees nothing new); generated
 * files of the package that this run did not produce are deleted. Generated code needs fixtape-engine and this
 * module's {@code io.fixtape.codegen.runtime} package at run time. The engine's dictionary loader uses Agrona
 * buffers, so the generating JVM needs {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}.
 *
 * <p>Not thread-safe.
 */
public final class CodecGenerator
{
    private static final Pattern PACKAGE = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*(\\.[a-zA-Z_][a-zA-Z0-9_]*)*");

    private DictionarySource dictionary;
    private String packageName;
    private Path outputDirectory;
    private boolean requiredChecks = true;

    public CodecGenerator dictionary(final DictionarySource dictionary)
    {
        this.dictionary = dictionary;
        return this;
    }

    public CodecGenerator packageName(final String packageName)
    {
        this.packageName = packageName;
        return this;
    }

    /** The source root; files go to its sub-directory for the package. */
    public CodecGenerator outputDirectory(final Path outputDirectory)
    {
        this.outputDirectory = outputDirectory;
        return this;
    }

    /** Whether encoders track required fields and report a missing one from {@code complete()}; default true. */
    public CodecGenerator requiredChecks(final boolean requiredChecks)
    {
        this.requiredChecks = requiredChecks;
        return this;
    }

    /**
     * Generates and writes the package.
     *
     * @return what was written.
     * @throws GeneratorException naming the problem: a missing option, a dictionary that cannot be generated, an
     *                            output that cannot be written.
     */
    public Result generate()
    {
        if (outputDirectory == null)
        {
            throw new GeneratorException("no output directory given");
        }
        final Map<String, String> sources = sources();
        final Path directory = outputDirectory.resolve(packageName.replace('.', '/'));
        final Output output = new Output(directory);
        for (final Map.Entry<String, String> source : sources.entrySet())
        {
            output.write(source.getKey(), source.getValue());
        }
        output.deleteStale();
        return new Result(directory, output.files, output.changed);
    }

    /** The generated sources by class name, in generation order, without writing them. */
    Map<String, String> sources()
    {
        if (dictionary == null)
        {
            throw new GeneratorException("no dictionary given");
        }
        if (packageName == null || !PACKAGE.matcher(packageName).matches())
        {
            throw new GeneratorException("not a Java package name: " + packageName);
        }
        final CodecModel model = CodecModel.build(
            dictionary.dictionary(), dictionary.structure(), packageName, dictionary.name(), requiredChecks);
        final Map<String, String> sources = new LinkedHashMap<>();
        final EnumGenerator enums = new EnumGenerator(model);
        for (final EnumModel enumModel : model.enums())
        {
            add(sources, enumModel.className(), enums.generate(enumModel));
        }
        final DecoderGenerator decoders = new DecoderGenerator(model);
        final EncoderGenerator encoders = new EncoderGenerator(model);
        for (final MessageModel message : model.messages())
        {
            add(sources, message.decoderClass(), decoders.message(message));
            add(sources, message.encoderClass(), encoders.message(message));
        }
        if (model.header() != null)
        {
            add(sources, model.header().decoderClass(), decoders.message(model.header()));
        }
        for (final ComponentModel component : model.components())
        {
            add(sources, component.decoderClass(), decoders.component(component));
            add(sources, component.encoderClass(), encoders.component(component));
        }
        for (final GroupModel group : model.groups())
        {
            add(sources, group.decoderClass(), decoders.group(group));
            add(sources, group.encoderClass(), encoders.group(group));
        }
        final DispatchGenerator dispatch = new DispatchGenerator(model);
        add(sources, "MessageTypes", dispatch.messageTypes());
        add(sources, "MessageDispatcher", dispatch.dispatcher());
        return sources;
    }

    private static void add(final Map<String, String> sources, final String className, final JavaSource source)
    {
        if (sources.put(className, source.toString()) != null)
        {
            throw new GeneratorException("two generated classes would be named " + className);
        }
    }

    /**
     * Command line: {@code --output DIR [--no-required-checks] (--dictionary NAME|FILE --package PACKAGE)...}.
     * A mistake prints one line on stderr and exits with 2.
     */
    public static void main(final String[] args)
    {
        try
        {
            for (final Result result : run(Arrays.asList(args)))
            {
                System.out.println(result);
            }
        }
        catch (final GeneratorException ex)
        {
            System.err.println("fixtape-codegen: " + ex.getMessage());
            System.exit(2);
        }
    }

    /** The command line's work, without exiting (tests). */
    static List<Result> run(final List<String> args)
    {
        Path output = null;
        boolean checks = true;
        final List<String[]> jobs = new ArrayList<>();
        String pendingDictionary = null;
        for (int i = 0; i < args.size(); i++)
        {
            final String arg = args.get(i);
            switch (arg)
            {
                case "--output":
                    output = Path.of(value(args, ++i, arg));
                    break;
                case "--no-required-checks":
                    checks = false;
                    break;
                case "--dictionary":
                    if (pendingDictionary != null)
                    {
                        throw new GeneratorException("--dictionary " + pendingDictionary + " has no --package");
                    }
                    pendingDictionary = value(args, ++i, arg);
                    break;
                case "--package":
                    if (pendingDictionary == null)
                    {
                        throw new GeneratorException("--package must follow a --dictionary");
                    }
                    jobs.add(new String[] {pendingDictionary, value(args, ++i, arg)});
                    pendingDictionary = null;
                    break;
                default:
                    throw new GeneratorException("unknown argument " + arg + " (usage: --output DIR " +
                        "[--no-required-checks] (--dictionary NAME|FILE --package PACKAGE)...)");
            }
        }
        if (pendingDictionary != null)
        {
            throw new GeneratorException("--dictionary " + pendingDictionary + " has no --package");
        }
        if (output == null || jobs.isEmpty())
        {
            throw new GeneratorException("usage: --output DIR [--no-required-checks] " +
                "(--dictionary NAME|FILE --package PACKAGE)...");
        }
        final List<Result> results = new ArrayList<>();
        for (final String[] job : jobs)
        {
            results.add(new CodecGenerator().dictionary(DictionarySource.of(job[0])).packageName(job[1])
                .outputDirectory(output).requiredChecks(checks).generate());
        }
        return results;
    }

    private static String value(final List<String> args, final int index, final String option)
    {
        if (index >= args.size())
        {
            throw new GeneratorException(option + " needs a value");
        }
        return args.get(index);
    }

    /**
     * What one run produced.
     *
     * @param files   every file of the package, in generation order.
     * @param changed how many of them were new or different.
     */
    public record Result(Path directory, List<Path> files, int changed)
    {
        @Override
        public String toString()
        {
            return directory + ": " + files.size() + " files, " + changed + " written";
        }
    }

    /** Writes files that changed and remembers every file of the run. */
    private static final class Output
    {
        private static final String MARK = "// Generated by fixtape-codegen";

        private final Path directory;
        private final List<Path> files = new ArrayList<>();
        private final Set<String> names = new HashSet<>();
        private int changed;

        Output(final Path directory)
        {
            this.directory = directory;
        }

        void write(final String className, final String source)
        {
            names.add(className);
            final Path file = directory.resolve(className + ".java");
            final byte[] bytes = source.getBytes(StandardCharsets.UTF_8);
            try
            {
                Files.createDirectories(directory);
                if (!Files.isRegularFile(file) || !Arrays.equals(Files.readAllBytes(file), bytes))
                {
                    Files.write(file, bytes);
                    changed++;
                }
            }
            catch (final IOException ex)
            {
                throw new GeneratorException("cannot write " + file + ": " + ex.getMessage(), ex);
            }
            files.add(file);
        }

        /** Deletes generated files of this package that this run did not write (a message or option went away). */
        void deleteStale()
        {
            try (Stream<Path> listing = Files.list(directory))
            {
                for (final Path file : (Iterable<Path>)listing::iterator)
                {
                    final String name = file.getFileName().toString();
                    if (name.endsWith(".java") && !names.contains(name.substring(0, name.length() - 5)) &&
                        Files.readString(file, StandardCharsets.UTF_8).startsWith(MARK))
                    {
                        Files.delete(file);
                        changed++;
                    }
                }
            }
            catch (final IOException ex)
            {
                throw new GeneratorException("cannot list " + directory + ": " + ex.getMessage(), ex);
            }
        }
    }
}
