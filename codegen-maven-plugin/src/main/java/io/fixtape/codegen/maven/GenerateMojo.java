package io.fixtape.codegen.maven;

import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code fixtape:generate}: typed decoders, encoders and enums from FIX dictionaries into
 * {@code target/generated-sources/fixtape}, which becomes a compile source root.
 *
 * <pre>{@code
 * <configuration>
 *   <standard>FIX44</standard>                       <!-- or <dictionary>src/main/fix/VENUE.xml</dictionary> -->
 *   <packageName>com.acme.fix44</packageName>
 * </configuration>
 * }</pre>
 *
 * Several dictionaries go in {@code <codecs>}, each a {@link Codec} with {@code dictionary} or {@code standard}
 * and {@code packageName}. The generator runs in a JVM of its own (the engine's dictionary loader needs the
 * {@code jdk.internal.misc} export that Maven's JVM lacks); files whose content did not change are not rewritten.
 */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class GenerateMojo extends AbstractMojo
{
    private static final String GENERATOR = "io.fixtape.codegen.CodecGenerator";
    private static final int USER_ERROR = 2;

    /** A QuickFIX-format dictionary file. */
    @Parameter(property = "fixtape.dictionary")
    File dictionary;

    /** A standard dictionary shipped with fixtape: FIX40 … FIX44, FIX50, FIX50SP1, FIX50SP2, FIXT11. */
    @Parameter(property = "fixtape.standard")
    String standard;

    /** The Java package of the codecs generated from {@link #dictionary} or {@link #standard}. */
    @Parameter(property = "fixtape.packageName")
    String packageName;

    /** Further dictionaries, each into its own package. */
    @Parameter
    List<Codec> codecs = new ArrayList<>();

    /** The source root the packages are written under; added to the project's compile source roots. */
    @Parameter(property = "fixtape.outputDirectory", defaultValue = "${project.build.directory}/generated-sources/fixtape")
    File outputDirectory;

    /** Whether encoders track required fields and report a missing one from {@code complete()}. */
    @Parameter(property = "fixtape.requiredChecks", defaultValue = "true")
    boolean requiredChecks = true;

    @Parameter(property = "fixtape.skip", defaultValue = "false")
    boolean skip;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    @Parameter(defaultValue = "${plugin.artifacts}", readonly = true)
    List<Artifact> pluginArtifacts;

    /** The generator's class path when not this plugin's own dependencies (tests). */
    List<File> generatorClasspath;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException
    {
        if (skip)
        {
            getLog().info("fixtape codec generation skipped");
            return;
        }
        final List<String> command = command();
        getLog().debug("running " + String.join(" ", command));
        final List<String> output = new ArrayList<>();
        final int status;
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)))
            {
                String line;
                while ((line = reader.readLine()) != null)
                {
                    output.add(line);
                    getLog().info(line);
                }
            }
            status = process.waitFor();
        }
        catch (final IOException ex)
        {
            throw new MojoExecutionException("cannot run the codec generator: " + ex.getMessage(), ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("interrupted while generating codecs", ex);
        }
        if (status == USER_ERROR)
        {
            throw new MojoFailureException(output.isEmpty() ? "codec generation failed" : output.get(output.size() - 1));
        }
        if (status != 0)
        {
            throw new MojoExecutionException("the codec generator exited with " + status + ": " + String.join("; ", output));
        }
        if (project != null)
        {
            project.addCompileSourceRoot(outputDirectory.getAbsolutePath());
        }
    }

    /** The generator's command line: one JVM for every configured dictionary. */
    List<String> command() throws MojoFailureException
    {
        final List<Codec> all = new ArrayList<>();
        if (dictionary != null || standard != null || packageName != null)
        {
            all.add(new Codec(dictionary, standard, packageName));
        }
        all.addAll(codecs);
        if (all.isEmpty())
        {
            throw new MojoFailureException("nothing to generate: set <standard> or <dictionary> and <packageName>, " +
                "or <codecs>");
        }
        final List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        command.add("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED");
        command.add("-cp");
        command.add(classpath());
        command.add(GENERATOR);
        command.add("--output");
        command.add(outputDirectory.getAbsolutePath());
        if (!requiredChecks)
        {
            command.add("--no-required-checks");
        }
        for (final Codec codec : all)
        {
            command.add("--dictionary");
            command.add(codec.source());
            command.add("--package");
            command.add(codec.packageName());
        }
        return command;
    }

    private String classpath() throws MojoFailureException
    {
        final List<String> entries = new ArrayList<>();
        if (generatorClasspath != null)
        {
            for (final File file : generatorClasspath)
            {
                entries.add(file.getAbsolutePath());
            }
        }
        else if (pluginArtifacts != null)
        {
            for (final Artifact artifact : pluginArtifacts)
            {
                if (artifact.getFile() != null)
                {
                    entries.add(artifact.getFile().getAbsolutePath());
                }
            }
        }
        if (entries.isEmpty())
        {
            throw new MojoFailureException("the codec generator's class path is empty");
        }
        return String.join(File.pathSeparator, entries);
    }
}
