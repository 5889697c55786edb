package dev.skills.spring.ai.set;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import dev.skills.core.InvalidSkillSettingException;
import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.ModelText;
import dev.skills.core.registry.SkillsSnapshot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The skill sets of an application and the snapshot as each sees it. A request that names
 * no set sees the default set, or every skill when there is none; a request naming a set
 * that does not exist sees no skill (one warning per name), never every skill. Each set's
 * view is worked out once per snapshot generation, so a request pays a lookup.
 */
public final class SkillSets {

	/**
	 * No sets: requests that name none see every skill, requests that name one see none.
	 */
	public static final SkillSets NONE = new SkillSets(Map.of(), null);

	/**
	 * The tag of requests under no set: they name none and there is no default set.
	 */
	public static final String NO_SET = "none";

	/** The tag of requests that name a set that does not exist. */
	public static final String UNKNOWN = "unknown";

	// The unknown names warned about are remembered up to this many, so that hostile
	// names can neither grow memory nor flood the log.
	private static final int MAX_WARNED = 256;

	private static final Predicate<SkillMeta> NO_SKILL = (skill) -> false;

	// A key no set can have: set names are trimmed and not blank.
	private static final String NOTHING = " ";

	private static final Log logger = LogFactory.getLog(SkillSets.class);

	private final Map<String, SkillSet> sets;

	private final @Nullable String defaultSet;

	private final SnapshotValues<Map<String, SkillsSnapshot>> views = new SnapshotValues<>();

	private final Set<String> warned = ConcurrentHashMap.newKeySet();

	private SkillSets(Map<String, SkillSet> sets, @Nullable String defaultSet) {
		this.sets = sets;
		this.defaultSet = defaultSet;
	}

	/**
	 * Skill sets with a default.
	 * @param sets the sets, names unique
	 * @param defaultSet the set of requests that name none, or {@code null} for every
	 * skill
	 * @return the sets
	 * @throws InvalidSkillSettingException when two sets share a name or the default set
	 * is not one of them
	 */
	public static SkillSets of(Collection<SkillSet> sets, @Nullable String defaultSet) {
		Map<String, SkillSet> byName = new LinkedHashMap<>();
		for (SkillSet set : sets) {
			if (byName.putIfAbsent(set.name(), set) != null) {
				throw new InvalidSkillSettingException("skills.sets", set.name(), "two skill sets share this name",
						"a name of its own for each set");
			}
		}
		if (defaultSet != null && !byName.containsKey(defaultSet)) {
			throw noSuchSet("skills.default-set", defaultSet, byName.keySet());
		}
		return new SkillSets(Collections.unmodifiableMap(byName), defaultSet);
	}

	/**
	 * The set a setting names, which must exist: a configuration that serves one set (an
	 * MCP server, say) fails at start-up rather than serve nothing.
	 * @param setting the setting that names the set, as its configuration spells it
	 * @param name the set's name
	 * @return the set
	 * @throws InvalidSkillSettingException when there is no set of that name
	 */
	public SkillSet require(String setting, String name) {
		SkillSet set = this.sets.get(name);
		if (set == null) {
			throw noSuchSet(setting, name, this.sets.keySet());
		}
		return set;
	}

	private static InvalidSkillSettingException noSuchSet(String setting, String name, Set<String> names) {
		return new InvalidSkillSettingException(setting, name, "there is no skill set of that name",
				names.isEmpty() ? "a set defined under skills.sets" : "one of " + String.join(", ", names));
	}

	/**
	 * The sets, by name.
	 * @return the sets
	 */
	public Map<String, SkillSet> sets() {
		return this.sets;
	}

	/**
	 * The set of requests that name none.
	 * @return its name, or {@code null} when they see every skill
	 */
	public @Nullable String defaultSet() {
		return this.defaultSet;
	}

	/**
	 * The snapshot as a request naming this set sees it: the default set's view for no
	 * name (the snapshot itself without a default set), an empty view for a name no set
	 * has.
	 * @param snapshot the registry's snapshot, or a narrower view of it
	 * @param name the set's name, or {@code null}
	 * @return the view, the same instance for every request of this snapshot and set
	 */
	public SkillsSnapshot view(SkillsSnapshot snapshot, @Nullable String name) {
		String key = (name != null) ? name : this.defaultSet;
		if (key == null) {
			return snapshot;
		}
		SkillSet set = this.sets.get(key);
		if (set == null) {
			warnOnce(key);
		}
		return this.views.get(snapshot, (whole) -> new ConcurrentHashMap<>())
			.computeIfAbsent((set != null) ? key : NOTHING,
					(unused) -> snapshot.filter((set != null) ? set : NO_SKILL));
	}

	/**
	 * Every set's view of a snapshot, in the order of {@link #sets()}.
	 * @param snapshot the registry's snapshot
	 * @return the views, by set name
	 */
	public Map<String, SkillsSnapshot> views(SkillsSnapshot snapshot) {
		Map<String, SkillsSnapshot> views = new LinkedHashMap<>();
		this.sets.keySet().forEach((name) -> views.put(name, view(snapshot, name)));
		return views;
	}

	/**
	 * The names of each set's skills, for operators.
	 * @param snapshot the registry's snapshot
	 * @return the sorted names, by set name
	 */
	public Map<String, List<String>> names(SkillsSnapshot snapshot) {
		Map<String, List<String>> names = new LinkedHashMap<>();
		views(snapshot).forEach((set, view) -> names.put(set, view.names()));
		return names;
	}

	/**
	 * The name meters and observations carry for a request's set: bounded by the
	 * configured sets.
	 * @param name the name the request gave, or {@code null}
	 * @return the set's name, the default set's, {@value #NO_SET} or {@value #UNKNOWN}
	 */
	public String tag(@Nullable String name) {
		if (name == null) {
			return (this.defaultSet != null) ? this.defaultSet : NO_SET;
		}
		return this.sets.containsKey(name) ? name : UNKNOWN;
	}

	private void warnOnce(String name) {
		if (this.warned.size() < MAX_WARNED && this.warned.add(name)) {
			logger.warn("Unknown skill set '" + ModelText.echo(name) + "': the request sees no skills"
					+ ((this.warned.size() == MAX_WARNED) ? " (further unknown sets are not logged)" : ""));
		}
	}

}
