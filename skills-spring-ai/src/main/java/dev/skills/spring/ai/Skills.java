package dev.skills.spring.ai;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import dev.skills.core.Skill;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillNotFoundException;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.load.SkillLoader;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.tool.scope.ToolScope;
import dev.skills.spring.ai.tool.scope.UseTools;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * Skills attached to a call in code, without a registry bean: load them, resolve a mixed
 * list, render their instructions, scope a tool pool. The core skills shipped with this
 * library (such as {@code skill-authoring}) are found by name.
 */
public final class Skills {

	/**
	 * Where {@link #resolve(List)} looks names up: {@code skills}, relative to the
	 * working directory.
	 */
	public static final Path DEFAULT_SKILL_DIR = Path.of("skills");

	private static final Log logger = LogFactory.getLog(Skills.class);

	private static volatile @Nullable SkillsRegistry coreSkills;

	private Skills() {
	}

	/**
	 * Load one skill, as teff's {@code load_skill} does. The caller chose the file, so a
	 * {@code SKILL.md} without frontmatter or whose frontmatter is not a mapping (named
	 * after its folder, with an empty description), with a missing or empty description,
	 * or with white space in its name (kept as written) still loads, with a warning in
	 * the log. A registry skips such skills.
	 * @param path a skill folder or its {@code SKILL.md}
	 * @return the skill
	 * @throws SkillNotFoundException {@code skill file not found: PATH} when there is no
	 * {@code SKILL.md}
	 * @throws dev.skills.core.InvalidSkillException when the frontmatter cannot be read,
	 * or the name holds a path separator or a control character
	 */
	public static Skill load(Path path) {
		return SkillLoader.loadAttached(path, logger::warn);
	}

	/**
	 * Resolve a list of entries to skills, looking names up in
	 * {@link #DEFAULT_SKILL_DIR}.
	 * @param entries the entries (see {@link #resolve(List, Path)})
	 * @return the skills, in entry order
	 * @throws IllegalArgumentException {@code skill not found: NAME} for an entry that
	 * resolves to nothing
	 */
	public static List<Skill> resolve(List<?> entries) {
		return resolve(entries, DEFAULT_SKILL_DIR);
	}

	/**
	 * Resolve a list of entries to skills, as teff does. An entry is a {@link Skill}; or
	 * a {@link Path}, or a path as text, that names an existing folder or file: the skill
	 * folder or its skill file (whatever the file's extension); or else a name: the
	 * folder of that name in {@code skillDir}, else the core skill of that name (a
	 * {@code Path} that is no file or folder is read as a name too).
	 * @param entries the entries
	 * @param skillDir the folder to look names up in
	 * @return the skills, in entry order
	 * @throws IllegalArgumentException {@code skill not found: NAME} for an entry that
	 * resolves to nothing
	 */
	public static List<Skill> resolve(List<?> entries, Path skillDir) {
		return resolve(entries, skillDir, (skill) -> true);
	}

	/**
	 * Resolve a list of entries as {@link #resolve(List, Path)} does, within one skill
	 * set: an entry whose skill is outside the set, whether named, a path or a
	 * {@link Skill}, is not found, with the message of a name no skill has.
	 * @param entries the entries
	 * @param skillDir the folder to look names up in
	 * @param set the skills names may resolve to, such as a
	 * {@link dev.skills.spring.ai.set.SkillSet}
	 * @return the skills, in entry order
	 * @throws IllegalArgumentException {@code skill not found: ENTRY} for an entry that
	 * resolves to nothing or to a skill outside the set
	 */
	public static List<Skill> resolve(List<?> entries, Path skillDir, Predicate<SkillMeta> set) {
		List<Skill> skills = new ArrayList<>();
		for (Object entry : entries) {
			Skill skill = resolveOne(entry, skillDir);
			if (!set.test(skill.meta())) {
				throw notFound(entry);
			}
			skills.add(skill);
		}
		return skills;
	}

	// As teff resolves every item: an existing file or folder is loaded as a path (any
	// file, whatever its extension), anything else is a name.
	private static Skill resolveOne(@Nullable Object entry, Path skillDir) {
		if (entry instanceof Skill skill) {
			return skill;
		}
		String text = String.valueOf(entry);
		Path asPath = (entry instanceof Path path) ? path : pathOf(text);
		if (asPath != null && (Files.isDirectory(asPath) || Files.isRegularFile(asPath))) {
			return load(asPath);
		}
		Path candidate = (asPath != null) ? skillDir.resolve(text) : null;
		if (candidate != null && candidate.normalize().startsWith(skillDir.normalize()) && Files.isDirectory(candidate)
				&& SkillLoader.findSkillFile(candidate) != null) {
			return load(candidate);
		}
		return coreSkill(text).orElseThrow(() -> notFound(text));
	}

	private static IllegalArgumentException notFound(@Nullable Object entry) {
		return new IllegalArgumentException(
				"skill not found: " + ((entry instanceof Skill skill) ? skill.name() : String.valueOf(entry)));
	}

	private static @Nullable Path pathOf(String text) {
		try {
			return Path.of(text);
		}
		catch (InvalidPathException ex) {
			return null;
		}
	}

	/**
	 * The instructions block of skills attached to a call: per skill with instructions,
	 * {@code ### Skill: NAME — DESCRIPTION} (or {@code ### Skill: NAME} without a
	 * description) then the instructions; core skills are marked {@code [system]}.
	 * @param skills the skills
	 * @return the block
	 */
	public static String instructions(List<Skill> skills) {
		return SkillPrompts.instructions(skills);
	}

	/**
	 * Narrow a tool pool (see {@link ToolScope#scope}).
	 * @param pool the tools available
	 * @param use which tools the call wants: {@link UseTools#none()} (or {@code null}),
	 * {@link UseTools#all()} or {@link UseTools#only(String...)}
	 * @param skills the skills whose {@code allowed-tools} and {@code disallowed-tools}
	 * apply
	 * @return the tools the call may use
	 */
	public static List<ToolCallback> scopeTools(List<ToolCallback> pool, @Nullable UseTools use, List<Skill> skills) {
		return ToolScope.scope(pool, use, skills.stream().map(Skill::meta).toList());
	}

	/**
	 * The core skills shipped inside this library.
	 * @return the skills, sorted by name
	 */
	public static List<Skill> coreSkills() {
		SkillsSnapshot snapshot = coreRegistry().snapshot();
		return snapshot.skills()
			.stream()
			.filter(SkillMeta::builtin)
			.map(SkillMeta::name)
			.sorted()
			.map(snapshot::load)
			.toList();
	}

	/**
	 * One core skill shipped inside this library.
	 * @param name the skill name
	 * @return the skill, or empty when no core skill has that name
	 */
	public static Optional<Skill> coreSkill(String name) {
		SkillsRegistry registry = coreRegistry();
		return registry.get(name).filter(SkillMeta::builtin).map((meta) -> registry.snapshot().load(name));
	}

	private static SkillsRegistry coreRegistry() {
		SkillsRegistry registry = coreSkills;
		if (registry == null) {
			synchronized (Skills.class) {
				registry = coreSkills;
				if (registry == null) {
					registry = SkillsRegistry.create(SkillConfig.builder().build());
					coreSkills = registry;
				}
			}
		}
		return registry;
	}

}
