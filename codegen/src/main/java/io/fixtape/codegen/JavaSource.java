package io.fixtape.codegen;

import javax.lang.model.element.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A small typed writer for one Java compilation unit. Declarations are calls with typed parts — modifiers, a type
 * kind, {@link Param}s, types named by {@link Class} (imported on first use) — and blocks open and close in pairs,
 * so indentation, braces on their own lines and the import list come out right by construction. Only expressions
 * and statement bodies are text.
 *
 * <pre>{@code
 * JavaSource source = new JavaSource("com.acme.fix", "Generated from FIX44.xml; do not edit.");
 * source.beginType(Set.of(PUBLIC, FINAL), TypeKind.CLASS, "SideHolder", null);
 * source.beginMethod(Set.of(PUBLIC), source.type(FixDecoder.class), "decoder");
 * source.statement("return decoder");
 * source.end();
 * source.end();
 * String text = source.toString();
 * }</pre>
 *
 * <p>Generation time only; not thread-safe.
 */
final class JavaSource
{
    /** What {@link #beginType} declares. */
    enum TypeKind
    {
        CLASS("class"), INTERFACE("interface"), ENUM("enum");

        private final String keyword;

        TypeKind(final String keyword)
        {
            this.keyword = keyword;
        }
    }

    /** A parameter: always {@code final}, as in the rest of the code base. */
    record Param(String type, String name)
    {
    }

    private static final String INDENT = "    ";
    private static final int LINE_WIDTH = 120;
    private static final Modifier[] MODIFIER_ORDER = {
        Modifier.PUBLIC, Modifier.PROTECTED, Modifier.PRIVATE, Modifier.ABSTRACT, Modifier.STATIC, Modifier.FINAL,
        Modifier.DEFAULT};

    /** What the last line written was, to decide where blank lines go. */
    private enum Last
    {
        OPEN, DOC, FIELD, CONSTANT, STATEMENT, CLOSE
    }

    private final String packageName;
    private final String fileComment;
    private final Set<String> imports = new TreeSet<>();
    private final StringBuilder body = new StringBuilder(4096);
    private int depth;
    private Last last = Last.OPEN;

    JavaSource(final String packageName, final String fileComment)
    {
        this.packageName = packageName;
        this.fileComment = fileComment;
    }

    /** The simple name of {@code type}, imported unless it is in java.lang or this package. */
    String type(final Class<?> type)
    {
        final Class<?> outer = type.getEnclosingClass() == null ? type : type.getEnclosingClass();
        final String outerPackage = outer.getPackageName();
        if (!"java.lang".equals(outerPackage) && !packageName.equals(outerPackage))
        {
            imports.add(outer.getCanonicalName());
        }
        return type.getEnclosingClass() == null ? type.getSimpleName() :
            outer.getSimpleName() + "." + type.getSimpleName();
    }

    /** {@code type<argument>} for a generic type. */
    String generic(final Class<?> type, final String argument)
    {
        return type(type) + "<" + argument + ">";
    }

    /**
     * A javadoc comment; each element is a paragraph (an empty one is a blank comment line), wrapped to the line
     * width. A comment that fits on one line is written as {@code /** text *}{@code /}.
     */
    JavaSource javadoc(final String... paragraphs)
    {
        separate(Last.DOC);
        final int width = LINE_WIDTH - depth * INDENT.length();
        if (paragraphs.length == 1 && paragraphs[0].length() + 7 <= width)
        {
            line("/** " + paragraphs[0] + " */");
        }
        else
        {
            line("/**");
            for (final String paragraph : paragraphs)
            {
                if (paragraph.isEmpty())
                {
                    line(" *");
                    continue;
                }
                for (final String text : wrap(paragraph, width - 3))
                {
                    line(" * " + text);
                }
            }
            line(" */");
        }
        last = Last.DOC;
        return this;
    }

    private static List<String> wrap(final String paragraph, final int width)
    {
        final List<String> lines = new ArrayList<>();
        final StringBuilder current = new StringBuilder();
        for (final String word : paragraph.split(" "))
        {
            if (current.length() > 0 && current.length() + 1 + word.length() > width)
            {
                lines.add(current.toString());
                current.setLength(0);
            }
            if (current.length() > 0)
            {
                current.append(' ');
            }
            current.append(word);
        }
        lines.add(current.toString());
        return lines;
    }

    JavaSource annotation(final Class<?> type)
    {
        separate(Last.DOC);
        line("@" + type(type));
        last = Last.DOC;
        return this;
    }

    /** Opens a class, interface or enum; {@code superclass} may be null. */
    JavaSource beginType(
        final Set<Modifier> modifiers, final TypeKind kind, final String name, final String superclass,
        final String... interfaces)
    {
        separate(Last.OPEN);
        final String declaration = modifiers(modifiers) + kind.keyword + " " + name;
        final StringBuilder supertypes = new StringBuilder();
        if (superclass != null)
        {
            supertypes.append(" extends ").append(superclass);
        }
        if (interfaces.length > 0)
        {
            supertypes.append(kind == TypeKind.INTERFACE ? " extends " : " implements ")
                .append(String.join(", ", interfaces));
        }
        if (depth * INDENT.length() + declaration.length() + supertypes.length() <= LINE_WIDTH)
        {
            return open(declaration + supertypes);
        }
        // too long for one line: the supertypes go on the next, one indent deeper
        line(declaration);
        depth++;
        line(supertypes.substring(1));
        depth--;
        line("{");
        depth++;
        last = Last.OPEN;
        return this;
    }

    /** A field; {@code initialValue} may be null. */
    JavaSource field(final Set<Modifier> modifiers, final String type, final String name, final String initialValue)
    {
        separate(Last.FIELD);
        final String declaration = modifiers(modifiers) + type + " " + name;
        if (initialValue == null)
        {
            line(declaration + ";");
        }
        else if (depth * INDENT.length() + declaration.length() + initialValue.length() + 4 <= LINE_WIDTH)
        {
            line(declaration + " = " + initialValue + ";");
        }
        else
        {
            line(declaration + " =");
            depth++;
            line(initialValue + ";");
            depth--;
        }
        last = Last.FIELD;
        return this;
    }

    /**
     * A field initialised with {@code prefix{elements}suffix}, the elements wrapped over as many lines as needed, one
     * indent deeper: {@code static final int[] A = new int[] {1, 2, 3};} for long lists.
     */
    JavaSource arrayField(
        final Set<Modifier> modifiers, final String type, final String name, final String prefix,
        final List<String> elements, final String suffix)
    {
        separate(Last.FIELD);
        if (elements.isEmpty())
        {
            line(modifiers(modifiers) + type + " " + name + " = " + prefix + "{}" + suffix + ";");
            last = Last.FIELD;
            return this;
        }
        line(modifiers(modifiers) + type + " " + name + " = " + prefix + "{");
        depth++;
        final int width = LINE_WIDTH - depth * INDENT.length();
        final StringBuilder current = new StringBuilder();
        for (int i = 0; i < elements.size(); i++)
        {
            final String element = elements.get(i) + (i + 1 < elements.size() ? "," : "");
            if (current.length() > 0 && current.length() + 1 + element.length() > width)
            {
                line(current.toString());
                current.setLength(0);
            }
            if (current.length() > 0)
            {
                current.append(' ');
            }
            current.append(element);
        }
        if (current.length() > 0)
        {
            line(current.toString());
        }
        depth--;
        line("}" + suffix + ";");
        last = Last.FIELD;
        return this;
    }

    /** One constant of an enum; {@code last} ends the constant list. */
    JavaSource enumConstant(final String name, final String arguments, final boolean lastConstant)
    {
        separate(Last.CONSTANT);
        line(name + "(" + arguments + ")" + (lastConstant ? ";" : ","));
        this.last = Last.CONSTANT;
        return this;
    }

    /** Opens a method; {@code returnType} null declares a constructor. */
    JavaSource beginMethod(
        final Set<Modifier> modifiers, final String returnType, final String name, final Param... params)
    {
        separate(Last.OPEN);
        final List<String> declared = new ArrayList<>(params.length);
        for (final Param param : params)
        {
            declared.add("final " + param.type() + " " + param.name());
        }
        final String start = modifiers(modifiers) + (returnType == null ? "" : returnType + " ") + name + "(";
        final String list = String.join(", ", declared);
        if ((depth * INDENT.length()) + start.length() + list.length() + 1 <= LINE_WIDTH)
        {
            return open(start + list + ")");
        }
        // too long for one line: the parameters go on the next, one indent deeper
        line(start);
        depth++;
        line(list + ")");
        depth--;
        line("{");
        depth++;
        last = Last.OPEN;
        return this;
    }

    /** A statement: the parts joined, then {@code ;}; wrapped after its first {@code (} when too long. */
    JavaSource statement(final String... parts)
    {
        final String text = String.join("", parts) + ";";
        final int open = text.indexOf('(');
        if (depth * INDENT.length() + text.length() <= LINE_WIDTH || open < 0)
        {
            return line(text);
        }
        // too long for one line: the arguments of the first call go on the next line, one indent deeper
        line(text.substring(0, open + 1));
        depth++;
        line(text.substring(open + 1));
        depth--;
        return this;
    }

    /** A line as given (case labels, labels). */
    JavaSource line(final String text)
    {
        for (int i = 0; i < depth; i++)
        {
            body.append(INDENT);
        }
        body.append(text).append('\n');
        last = Last.STATEMENT;
        return this;
    }

    /** Opens a block after {@code header} ({@code if (..)}, {@code for (..)}, {@code switch (..)}). */
    JavaSource beginBlock(final String header)
    {
        return open(header);
    }

    /** A case label whose statements follow on their own lines, one level deeper (until {@link #endCase()}). */
    JavaSource beginCase(final String label)
    {
        line(label);
        depth++;
        return this;
    }

    JavaSource endCase()
    {
        depth--;
        return this;
    }

    /** Closes the current block and opens {@code else} (or {@code else if (..)} when a condition is given). */
    JavaSource elseBlock(final String condition)
    {
        depth--;
        line("}");
        return open(condition == null ? "else" : "else if (" + condition + ")");
    }

    /** Closes the innermost open block, method or type. */
    JavaSource end()
    {
        depth--;
        line("}");
        last = Last.CLOSE;
        return this;
    }

    @Override
    public String toString()
    {
        final StringBuilder out = new StringBuilder(body.length() + 1024);
        out.append("// ").append(fileComment).append('\n');
        out.append("package ").append(packageName).append(";\n\n");
        if (!imports.isEmpty())
        {
            for (final String name : imports)
            {
                out.append("import ").append(name).append(";\n");
            }
            out.append('\n');
        }
        return out.append(body).toString();
    }

    private JavaSource open(final String header)
    {
        line(header);
        line("{");
        depth++;
        last = Last.OPEN;
        return this;
    }

    /**
     * One blank line between members of a type, none right after an opening brace or a javadoc, none between
     * consecutive fields or enum constants.
     */
    private void separate(final Last next)
    {
        final boolean follows = last == Last.OPEN || last == Last.DOC ||
            (last == next && (next == Last.FIELD || next == Last.CONSTANT));
        if (!follows)
        {
            body.append('\n');
        }
    }

    private static String modifiers(final Set<Modifier> modifiers)
    {
        final StringBuilder text = new StringBuilder();
        for (final Modifier modifier : MODIFIER_ORDER)
        {
            if (modifiers.contains(modifier))
            {
                text.append(modifier).append(' ');
            }
        }
        return text.toString();
    }
}
