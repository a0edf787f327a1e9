package io.fixtape.engine.dictionary;

import org.agrona.collections.Int2ObjectHashMap;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a QuickFIX-format XML data dictionary with the JDK's DOM parser and builds an immutable
 * {@link Dictionary}. Components are flattened into the messages and groups that use them; required flags,
 * group delimiters and member order follow QuickFIX/J's own loader so both engines judge messages alike.
 *
 * <p>Load time only (allocates freely); stateless and thread-safe.
 */
public final class DictionaryLoader
{
    private DictionaryLoader()
    {
    }

    /**
     * @param in          the XML.
     * @param source      a name for error messages (file or resource).
     * @param removedEnums enumerated values to drop, by tag (spec errata applied to a shipped dictionary).
     */
    public static Dictionary load(final InputStream in, final String source, final Map<Integer, Set<String>> removedEnums)
    {
        final Document document;
        try
        {
            final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setExpandEntityReferences(false);
            document = factory.newDocumentBuilder().parse(in);
        }
        catch (final Exception ex)
        {
            throw new DictionaryException(source + ": could not parse data dictionary: " + ex.getMessage(), ex);
        }
        return new Builder(document, source, removedEnums).build();
    }

    public static Dictionary load(final InputStream in, final String source)
    {
        return load(in, source, Collections.emptyMap());
    }

    private static class ContainerBuilder
    {
        final LinkedHashSet<Integer> fields = new LinkedHashSet<>();
        final LinkedHashSet<Integer> required = new LinkedHashSet<>();
        final LinkedHashMap<Integer, GroupBuilder> groups = new LinkedHashMap<>();

        Int2ObjectHashMap<GroupDefinition> buildGroups()
        {
            final Int2ObjectHashMap<GroupDefinition> built = new Int2ObjectHashMap<>();
            for (final Map.Entry<Integer, GroupBuilder> entry : groups.entrySet())
            {
                built.put(entry.getKey().intValue(), entry.getValue().build(entry.getKey()));
            }
            return built;
        }

        int[] fieldArray()
        {
            return fields.stream().mapToInt(Integer::intValue).toArray();
        }

        /**
         * Required tags in the order QuickFIX/J checks them (iteration order of its HashSet filled in document
         * order), so that with several tags missing both engines name the same one.
         */
        int[] requiredArray()
        {
            final java.util.HashSet<Integer> quickFixOrder = new java.util.HashSet<>();
            quickFixOrder.addAll(required);
            return quickFixOrder.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    private static final class GroupBuilder extends ContainerBuilder
    {
        int delimiter;

        GroupDefinition build(final int countTag)
        {
            return new GroupDefinition(countTag, delimiter, fieldArray(), requiredArray(), buildGroups());
        }
    }

    private static final class Builder
    {
        private final Document document;
        private final String source;
        private final Map<Integer, Set<String>> removedEnums;
        private final Map<String, Element> components = new HashMap<>();
        private final Map<String, FieldDefinition> fieldsByName = new LinkedHashMap<>();
        private String version;

        Builder(final Document document, final String source, final Map<Integer, Set<String>> removedEnums)
        {
            this.document = document;
            this.source = source;
            this.removedEnums = removedEnums;
        }

        Dictionary build()
        {
            final Element root = document.getDocumentElement();
            if (!"fix".equals(root.getNodeName()))
            {
                throw error("no <fix> root element");
            }
            if (!root.hasAttribute("major") || !root.hasAttribute("minor"))
            {
                throw error("<fix> needs major and minor attributes");
            }
            final String type = root.hasAttribute("type") ? root.getAttribute("type") : "FIX";
            version = type + "." + root.getAttribute("major") + "." + root.getAttribute("minor");
            final String servicePack = root.hasAttribute("servicepack") ? root.getAttribute("servicepack") : "0";

            final Element componentsNode = firstChild(root, "components");
            if (componentsNode != null)
            {
                for (final Element component : children(componentsNode, "component"))
                {
                    components.put(requireAttribute(component, "name"), component);
                }
            }

            final Element fieldsNode = firstChild(root, "fields");
            if (fieldsNode == null)
            {
                throw error("<fields> section not found");
            }
            final List<FieldDefinition> fields = new ArrayList<>();
            for (final Element field : children(fieldsNode, "field"))
            {
                fields.add(loadField(field));
            }
            if (fields.isEmpty())
            {
                throw error("no fields defined");
            }

            MessageDefinition header = null;
            MessageDefinition trailer = null;
            if (version.startsWith("FIXT") || version.compareTo("FIX.5.0") < 0)
            {
                header = loadSection(root, "header", "HEADER");
                trailer = loadSection(root, "trailer", "TRAILER");
            }

            final Element messagesNode = firstChild(root, "messages");
            if (messagesNode == null)
            {
                throw error("<messages> section not found");
            }
            final List<MessageDefinition> messages = new ArrayList<>();
            for (final Element message : children(messagesNode, "message"))
            {
                final String msgType = requireAttribute(message, "msgtype");
                final ContainerBuilder builder = new ContainerBuilder();
                addMembers(message, builder, true);
                messages.add(new MessageDefinition(
                    msgType, message.getAttribute("name"), "admin".equals(message.getAttribute("msgcat")),
                    builder.fieldArray(), builder.requiredArray(), builder.buildGroups()));
            }
            if (messages.isEmpty())
            {
                throw error("no messages defined");
            }
            return new Dictionary(version, servicePack, fields, fieldsByName, messages, header, trailer);
        }

        private MessageDefinition loadSection(final Element root, final String element, final String name)
        {
            final Element node = firstChild(root, element);
            if (node == null)
            {
                throw error("<" + element + "> section not found");
            }
            final ContainerBuilder builder = new ContainerBuilder();
            addMembers(node, builder, true);
            return new MessageDefinition(null, name, true, builder.fieldArray(), builder.requiredArray(), builder.buildGroups());
        }

        private FieldDefinition loadField(final Element field)
        {
            final String name = requireAttribute(field, "name");
            final int tag;
            try
            {
                tag = Integer.parseInt(requireAttribute(field, "number"));
            }
            catch (final NumberFormatException ex)
            {
                throw error("field " + name + " has a non-numeric number");
            }
            final FieldType type = FieldType.fromName(requireAttribute(field, "type"));
            final Set<String> values = new LinkedHashSet<>();
            for (final Element value : children(field, "value"))
            {
                values.add(requireAttribute(value, "enum"));
            }
            values.removeAll(removedEnums.getOrDefault(tag, Collections.emptySet()));
            EnumValues enumValues = null;
            if (!values.isEmpty())
            {
                final boolean anyValue = Boolean.parseBoolean(field.getAttribute("allowOtherValues"));
                enumValues = new EnumValues(values, type.isMultipleValue(), anyValue);
            }
            final FieldDefinition definition = new FieldDefinition(tag, name, type, enumValues);
            if (fieldsByName.put(name, definition) != null)
            {
                throw error("field named " + name + " defined more than once");
            }
            return definition;
        }

        private int addField(final Element node, final ContainerBuilder builder, final boolean parentRequired)
        {
            final int tag = tagOf(node);
            builder.fields.add(tag);
            if (parentRequired && isRequired(node))
            {
                builder.required.add(tag);
            }
            return tag;
        }

        /** Flattens a component into {@code builder}; returns its first direct field (0 if none), as QuickFIX/J. */
        private int addComponentFields(final Element reference, final ContainerBuilder builder, final boolean componentRequired)
        {
            final String name = requireAttribute(reference, "name");
            final Element component = components.get(name);
            if (component == null)
            {
                throw error("component " + name + " not found");
            }
            return addMembers(component, builder, componentRequired);
        }

        /**
         * Adds the fields, groups and (flattened) components of a message, header, trailer or component to
         * {@code builder}: a field or group is required when it is marked so and {@code parentRequired}, a component's
         * fields by its own flag. Returns the first field or group added directly (0 if none); a group's members
         * differ in one point (a leading component's first field is the delimiter), see {@link #addGroup}.
         */
        private int addMembers(final Element parent, final ContainerBuilder builder, final boolean parentRequired)
        {
            int firstField = 0;
            for (final Element child : children(parent, null))
            {
                switch (child.getNodeName())
                {
                    case "field":
                    case "group":
                    {
                        final int tag = addField(child, builder, parentRequired);
                        if (firstField == 0)
                        {
                            firstField = tag;
                        }
                        if ("group".equals(child.getNodeName()))
                        {
                            addGroup(child, builder, isRequired(child));
                        }
                        break;
                    }
                    case "component":
                        addComponentFields(child, builder, isRequired(child));
                        break;
                    default:
                        break;
                }
            }
            return firstField;
        }

        /**
         * Adds the repeating group {@code node} to {@code parent}: its members as {@link #addMembers} adds them, and its
         * delimiter, the first member (the first field of a component when the group starts with one).
         */
        private void addGroup(final Element node, final ContainerBuilder parent, final boolean groupRequired)
        {
            final int countTag = tagOf(node);
            final GroupBuilder group = new GroupBuilder();
            int delimiter = 0;
            for (final Element child : children(node, null))
            {
                int field = 0;
                switch (child.getNodeName())
                {
                    case "field":
                        field = addField(child, group, groupRequired);
                        break;
                    case "component":
                        field = addComponentFields(child, group, isRequired(child));
                        break;
                    case "group":
                        field = addField(child, group, groupRequired);
                        addGroup(child, group, isRequired(child));
                        break;
                    default:
                        break;
                }
                if (delimiter == 0)
                {
                    delimiter = field;
                }
            }
            if (delimiter != 0)
            {
                group.delimiter = delimiter;
                parent.groups.put(countTag, group);
            }
        }

        private int tagOf(final Element node)
        {
            final String name = requireAttribute(node, "name");
            final FieldDefinition field = fieldsByName.get(name);
            if (field == null)
            {
                throw error("field " + name + " not defined in fields section");
            }
            return field.tag();
        }

        private static boolean isRequired(final Element node)
        {
            return "Y".equalsIgnoreCase(node.getAttribute("required"));
        }

        private String requireAttribute(final Element element, final String name)
        {
            if (!element.hasAttribute(name))
            {
                throw error("<" + element.getNodeName() + "> without a " + name + " attribute");
            }
            return element.getAttribute(name);
        }

        private DictionaryException error(final String message)
        {
            return new DictionaryException(source + ": " + message, null);
        }

        private static Element firstChild(final Element parent, final String name)
        {
            final List<Element> list = children(parent, name);
            return list.isEmpty() ? null : list.get(0);
        }

        private static List<Element> children(final Element parent, final String name)
        {
            final NodeList nodes = parent.getChildNodes();
            final List<Element> list = new ArrayList<>(nodes.getLength());
            for (int i = 0; i < nodes.getLength(); i++)
            {
                final Node node = nodes.item(i);
                if (node.getNodeType() == Node.ELEMENT_NODE && (name == null || name.equals(node.getNodeName())))
                {
                    list.add((Element)node);
                }
            }
            return list;
        }
    }
}
