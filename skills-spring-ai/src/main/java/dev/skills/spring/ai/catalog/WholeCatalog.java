package dev.skills.spring.ai.catalog;

import java.util.List;
import java.util.function.Predicate;

import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsSnapshot;
import org.jspecify.annotations.Nullable;

/**
 * The whole catalog of one generation and listing filter: its tokens, and its text when
 * it fits the budget. Computed once per generation, shared by every request.
 *
 * @param generation the snapshot generation
 * @param listable the listing filter
 * @param skills the skills that may be listed, in catalog order
 * @param tokens the tokens of the whole catalog with its instruction
 * @param section the catalog's text when it fits, else {@code null}
 * @param names the names it lists when it fits, else empty
 * @param partialFrame the tokens of a partial catalog's frame, without its lines
 */
record WholeCatalog(long generation, Predicate<SkillMeta> listable, List<SkillMeta> skills, int tokens,
		@Nullable String section, List<String> names, int partialFrame) {

	static WholeCatalog of(SkillsSnapshot snapshot, Predicate<SkillMeta> listable, EntryTokens tokens, int maxTokens) {
		List<SkillMeta> skills = snapshot.skills().stream().filter(listable).toList();
		long total = tokens.count(SkillPrompts.catalogSection(SkillPrompts.catalog(List.of())));
		for (SkillMeta meta : skills) {
			total += tokens.full(meta);
		}
		tokens.retain(snapshot);
		boolean fits = total <= maxTokens;
		return new WholeCatalog(snapshot.generation(), listable, skills, (int) Math.min(total, Integer.MAX_VALUE),
				fits ? SkillPrompts.catalogSection(SkillPrompts.catalog(skills)) : null,
				// Stream.toList() would be copied by every request's CatalogSelection.
				fits ? List.copyOf(skills.stream().map(SkillMeta::name).toList()) : List.of(),
				tokens.count(SkillPrompts.catalogSection(SkillPrompts.partialCatalog(List.of(), skills.size()))));
	}

	boolean isFor(SkillsSnapshot snapshot, Predicate<SkillMeta> listable) {
		return this.generation == snapshot.generation() && this.listable == listable;
	}

}
