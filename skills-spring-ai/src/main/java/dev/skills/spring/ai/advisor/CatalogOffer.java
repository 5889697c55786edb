package dev.skills.spring.ai.advisor;

import java.util.List;

import dev.skills.core.SkillMeta;
import dev.skills.spring.ai.catalog.CatalogSelection;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.SkillOffer;
import dev.skills.spring.ai.tool.SkillsTools;

import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.tool.ToolCallback;

/**
 * On-demand mode: the {@code <available_skills>} catalog in the system message, within
 * the {@link SkillCatalog}'s token budget, and the skill tools, all of the request's
 * snapshot. When the catalog lists only some skills, {@code search_skills} finds the
 * others and {@code activate_skill} takes any name.
 */
final class CatalogOffer {

	private final SkillsTools tools;

	private final SkillCatalog catalog;

	private final SkillOffer offer;

	private final ToolCallback searchSkills;

	CatalogOffer(SkillsTools tools, SkillCatalog catalog, SkillOffer offer, ToolCallback searchSkills) {
		this.tools = tools;
		this.catalog = catalog;
		this.offer = offer;
		this.searchSkills = searchSkills;
	}

	/**
	 * Offer the catalog; call after the active skills are known, as they are listed
	 * first.
	 * @param request the request
	 * @param messages its messages, for the user turns the catalog is ranked by
	 */
	void apply(RequestSkills request, List<Message> messages) {
		List<String> active = request.active().stream().map(SkillMeta::name).toList();
		CatalogSelection selection = this.catalog.select(request.snapshot(), this.offer, active,
				ConversationQuery.of(messages));
		if (selection.partial() || !selection.listed().isEmpty()) {
			request.appendToSystem(selection.text());
		}
		request.skillTools()
			.addAll(this.tools.toolSet(request.snapshot(), selection.partial() ? this.catalog : null).all());
		if (selection.partial()) {
			request.skillTools().add(this.searchSkills);
		}
	}

}
