package dev.skills.spring.ai;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import dev.skills.core.Skill;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import dev.skills.core.parse.SkillLoader;
import dev.skills.core.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * Skills attached to a call in code, without a registry bean: load them, resolve a mixed list,
 * render their instructions, scope a tool pool. The core skills shipped with this library (such
 * as {@code skill-authoring}) are found by name.
 */
public final class Skills {

	private static volatile @Nullable SkillsRegistry coreSkills;

	private Skills() {
	}

	/**
	 * Load one skill.
	 * @param path a skill folder or its {@code SKILL.md}
	 * @return the skill
	 */
	public static Skill load(Path path) {
		return SkillLoader.load(path);
	}

	/**
	 * Resolve a list of entries to skills. An entry is a {@link Skill}, a {@link Path} to a skill
	 * folder or {@code SKILL.md}, a path as text, the name of a skill folder directly under one of
	 * {@code skillDirs}, or the name of a core skill.
	 * @param entries the entries
	 * @param skillDirs folders to look names up in, in order
	 * @return the skills, in entry order
	 * @throws IllegalArgumentException {@code skill not found: X} for an entry that resolves to
	 * nothing
	 */
	public static List<Skill> resolve(List<?> entries, List<Path> skillDirs) {
		List<Skill> skills = new ArrayList<>();
		for (Object entry : entries) {
			skills.add(resolveOne(entry, skillDirs));
		}
		return skills;
	}

	private static Skill resolveOne(Object entry, List<Path> skillDirs) {
		if (entry instanceof Skill skill) {
			return skill;
		}
		if (entry instanceof Path path) {
			return load(path);
		}
		String text = String.valueOf(entry);
		Path asPath = Path.of(text);
		if (Files.exists(asPath) && (Files.isDirectory(asPath) || text.endsWith(".md"))) {
			return load(asPath);
		}
		for (Path dir : skillDirs) {
			Path candidate = dir.resolve(text);
			if (candidate.normalize().startsWith(dir.normalize()) && Files.isDirectory(candidate)
					&& SkillLoader.findSkillFile(candidate) != null) {
				return load(candidate);
			}
		}
		SkillsRegistry core = coreSkills();
		if (core.get(text).map(SkillMeta::builtin).orElse(false)) {
			return core.load(text);
		}
		throw new IllegalArgumentException("skill not found: " + text);
	}

	/**
	 * The instructions block of skills attached to a call: {@code ### Skill: NAME — DESCRIPTION}
	 * then the body, per skill; core skills are marked {@code [system]}.
	 * @param skills the skills
	 * @return the block
	 */
	public static String instructions(List<Skill> skills) {
		return SkillPrompts.instructions(skills);
	}

	/**
	 * Narrow a tool pool (see {@link ToolScope#scope}).
	 * @param pool the tools available
	 * @param useTools empty for none, {@code ["all"]} for all, otherwise tool names
	 * @param skills the skills whose {@code allowed-tools} and {@code disallowed-tools} apply
	 * @return the tools the call may use
	 */
	public static List<ToolCallback> scopeTools(List<ToolCallback> pool, Collection<String> useTools,
			List<Skill> skills) {
		return ToolScope.scope(pool, useTools, skills.stream().map(Skill::meta).toList());
	}

	/**
	 * The core skills shipped inside this library.
	 * @return their names, sorted
	 */
	public static List<String> coreSkillNames() {
		return coreSkills().skills().stream().filter(SkillMeta::builtin).map(SkillMeta::name).sorted().toList();
	}

	private static SkillsRegistry coreSkills() {
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
