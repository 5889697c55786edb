package dev.skills.spring.ai.catalog.index;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.CatalogSkills;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ranking by the conversation: the latest user message, and earlier turns at lower
 * weight, bounded.
 */
class CatalogQueryTests {

	@TempDir
	Path root;

	@Test
	void earlierTurnFindsFollowUpSkill() {
		CatalogSkills.skill(this.root, "invoice-matching", "Reconcile invoices against bank statements.");
		CatalogSkills.skill(this.root, "slide-styler", "Style slides and decks.");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry, 0)) {
			CatalogQuery followUp = new CatalogQuery("yes, do that for all of them",
					List.of("Reconcile the March invoices with the bank statement"));
			assertThat(index.retrieve(followUp.latest(), 5)).isEmpty();
			assertThat(index.retrieve(followUp, 5)).containsExactly("invoice-matching");
		}
	}

	@Test
	void latestMessageOutranksEarlierTurns() {
		CatalogSkills.skill(this.root, "invoice-matching", "Reconcile invoices against bank statements.");
		CatalogSkills.skill(this.root, "slide-styler", "Style slides and decks.");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry, 0)) {
			CatalogQuery query = new CatalogQuery("now style the slides",
					List.of("Reconcile the March invoices with the bank statement"));
			assertThat(index.retrieve(query, 5)).containsExactly("slide-styler", "invoice-matching");
		}
	}

	@Test
	void whenTheConversationIsLongThenOnlyTheLastTurnsCountEachBounded() {
		List<String> earlier = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			earlier.add("turn " + i + " " + "x".repeat(CatalogQuery.MAX_EARLIER_CHARS));
		}
		earlier.add(1, "  ");

		CatalogQuery query = new CatalogQuery("latest " + "y".repeat(CatalogQuery.MAX_LATEST_CHARS), earlier);

		assertThat(query.latest()).hasSize(CatalogQuery.MAX_LATEST_CHARS).startsWith("latest y");
		assertThat(query.earlier()).hasSize(CatalogQuery.MAX_EARLIER_TURNS);
		assertThat(query.earlier()).allSatisfy((turn) -> assertThat(turn).hasSize(CatalogQuery.MAX_EARLIER_CHARS));
		assertThat(query.earlier().get(1)).startsWith("turn 1 ");
		assertThat(CatalogQuery.weightOfEarlier(0)).isLessThan(1f).isGreaterThan(CatalogQuery.weightOfEarlier(1));
	}

	@Test
	void whenARetrieverRanksOnlyTextsThenTheLatestMessageComesFirstAndEarlierTurnsFillTheRest() {
		Map<String, List<String>> answers = Map.of("latest", List.of("a", "b"), "before", List.of("b", "c", "d"));
		SkillRetriever texts = (text, limit) -> answers.getOrDefault(text, List.of());

		assertThat(texts.retrieve(new CatalogQuery("latest", List.of("before")), 3)).containsExactly("a", "b", "c");
	}

}
