package io.fixtape.codegen;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A message, component, repeating group or the header, as the generator lays it out: its members in dictionary
 * order (fields, component references, groups), one decoder slot per own field or group, then one block of slots
 * per component (nested components inside their component's block), and the presence bits its encoder keeps for
 * fields that some message requires.
 *
 * <p>Messages, groups (per entry) and the header are <em>roots</em>: a root owns the slots of everything in its
 * scope, and its {@link #placements()} list every tag of that scope with its slot and the component path to it.
 *
 * <p>Generation time only.
 */
abstract class ContainerModel
{
    /** A member of a container. */
    sealed interface Member permits FieldMember, ComponentMember, GroupMember
    {
        /** The {@code required} attribute where the member is listed. */
        boolean required();
    }

    /** A field: its slot in this container and its presence bit (-1 when not tracked). */
    static final class FieldMember implements Member
    {
        final FieldModel field;
        final boolean required;
        int slot;
        int bit = -1;
        boolean tracked;

        FieldMember(final FieldModel field, final boolean required)
        {
            this.field = field;
            this.required = required;
        }

        @Override
        public boolean required()
        {
            return required;
        }
    }

    /** A component: where its block of slots starts in this container. */
    static final class ComponentMember implements Member
    {
        final ComponentModel component;
        final boolean required;
        int base;

        ComponentMember(final ComponentModel component, final boolean required)
        {
            this.component = component;
            this.required = required;
        }

        @Override
        public boolean required()
        {
            return required;
        }

        /** The Java field holding the component's decoder or encoder. */
        String property()
        {
            return Names.property(component.name());
        }
    }

    /** A repeating group: the slot of its NumInGroup field in this container. */
    static final class GroupMember implements Member
    {
        final FieldModel countField;
        final GroupModel group;
        final boolean required;
        int slot;

        GroupMember(final FieldModel countField, final GroupModel group, final boolean required)
        {
            this.countField = countField;
            this.group = group;
            this.required = required;
        }

        @Override
        public boolean required()
        {
            return required;
        }
    }

    /**
     * One tag of a root's scope.
     *
     * @param slot   the slot in the root's scope.
     * @param path   the components from the root down to the container that lists the member.
     */
    record Placement(int tag, int slot, List<ComponentMember> path, Member member)
    {
        /** {@code parties.} style prefix reaching the owning container from the root. */
        String pathPrefix()
        {
            final StringBuilder prefix = new StringBuilder();
            for (final ComponentMember component : path)
            {
                prefix.append(component.property()).append('.');
            }
            return prefix.toString();
        }
    }

    private final String name;
    private final String classBase;
    private final List<Member> members = new ArrayList<>();
    private int ownSlotCount;
    private int slotCount = -1;
    private int bitCount;

    ContainerModel(final String name, final String classBase)
    {
        this.name = name;
        this.classBase = classBase;
    }

    /** The FIX name ({@code NewOrderSingle}, {@code Parties}, {@code NoPartyIDs}, {@code Header}). */
    String name()
    {
        return name;
    }

    /** The class name without its Decoder/Encoder suffix. */
    String classBase()
    {
        return classBase;
    }

    abstract String decoderClass();

    abstract String encoderClass();

    List<Member> members()
    {
        return Collections.unmodifiableList(members);
    }

    void add(final Member member)
    {
        members.add(member);
    }

    /** Slots of this container alone (own fields and groups). */
    int ownSlotCount()
    {
        return ownSlotCount;
    }

    /** Slots of this container including its components' blocks. */
    int slotCount()
    {
        if (slotCount < 0)
        {
            layOut();
        }
        return slotCount;
    }

    /** Number of presence bits (0 when no member is tracked). */
    int bitCount()
    {
        return bitCount;
    }

    /** Gives tracked fields their presence bits, in member order. */
    void assignBits()
    {
        bitCount = 0;
        for (final Member member : members)
        {
            if (member instanceof FieldMember field && field.tracked)
            {
                field.bit = bitCount++;
            }
        }
    }

    /** Every tag of this container's scope (components flattened, group members excluded), in dictionary order. */
    List<Placement> placements()
    {
        final List<Placement> placements = new ArrayList<>();
        collect(placements, 0, new ArrayList<>());
        return placements;
    }

    void collect(final List<Placement> out, final int base, final List<ComponentMember> path)
    {
        slotCount();
        for (final Member member : members)
        {
            if (member instanceof FieldMember field)
            {
                out.add(new Placement(field.field.tag(), base + field.slot, List.copyOf(path), member));
            }
            else if (member instanceof GroupMember group)
            {
                out.add(new Placement(group.countField.tag(), base + group.slot, List.copyOf(path), member));
            }
            else
            {
                final ComponentMember component = (ComponentMember)member;
                path.add(component);
                component.component.collect(out, base + component.base, path);
                path.remove(path.size() - 1);
            }
        }
    }

    private void layOut()
    {
        int slot = 0;
        for (final Member member : members)
        {
            if (member instanceof FieldMember field)
            {
                field.slot = slot++;
            }
            else if (member instanceof GroupMember group)
            {
                group.slot = slot++;
            }
        }
        ownSlotCount = slot;
        for (final Member member : members)
        {
            if (member instanceof ComponentMember component)
            {
                component.base = slot;
                slot += component.component.slotCount();
            }
        }
        slotCount = slot;
    }

    @Override
    public String toString()
    {
        return getClass().getSimpleName() + "(" + name + ")";
    }
}
