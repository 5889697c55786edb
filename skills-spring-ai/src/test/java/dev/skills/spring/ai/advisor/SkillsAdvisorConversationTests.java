package dev.skills.spring.ai.advisor;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A catalog over its budget is ranked by the conversation: a follow-up turn that names
 * nothing still lists the skill the earlier turns were about.
 */
class SkillsAdvisorConversationTests {

	@TempDir
	Path root;

	SkillsRegistry registry;

	ScriptedChatModel model = new ScriptedChatModel();

	@BeforeEach
	void skills() {
		for (int i = 0; i < 200; i++) {
			SkillFixtures.skill(this.root, "skill-%04d".formatted(i));
		}
		// Named to sort after the others: only ranking can list it, never the filling in
		// catalog order.
		SkillFixtures.write(this.root.resolve("vat-invoice-matching/SKILL.md"),
				"---\nname: vat-invoice-matching\ndescription: Reconcile invoices against bank statements.\n---\nMatch.\n");
		this.registry = TestRegistries.of(this.root);
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	String systemTextOf(List<Message> conversation) {
		this.model.thenAnswer("ok");
		ChatClient.builder(this.model)
			.defaultAdvisors(SkillsAdvisor.builder(this.registry)
				.catalog(SkillCatalog.builder(this.registry).maxTokens(800).build())
				.build())
			.build()
			.prompt(new Prompt(conversation))
			.call()
			.content();
		return this.model.prompts().get(this.model.prompts().size() - 1).getSystemMessage().getText();
	}

	@Test
	void whenTheFollowUpTurnNamesNothingThenTheEarlierTurnKeepsTheSkillListed() {
		String system = systemTextOf(List.of(new UserMessage("Reconcile the March invoices with the bank statement"),
				new AssistantMessage("Which entity?"), new UserMessage("yes, do that for all of them")));

		assertThat(system).contains("<name>vat-invoice-matching</name>");
	}

	@Test
	void whenTheSameFollowUpComesWithoutItsConversationThenTheSkillIsNotListed() {
		String system = systemTextOf(List.of(new UserMessage("yes, do that for all of them")));

		assertThat(system).contains("search_skills").doesNotContain("<name>vat-invoice-matching</name>");
	}

	@Test
	void whenAssistantTurnsMentionTheSkillThenOnlyUserTurnsCount() {
		String system = systemTextOf(List.of(new AssistantMessage("I can reconcile invoices against bank statements."),
				new UserMessage("yes, do that for all of them")));

		assertThat(system).doesNotContain("<name>vat-invoice-matching</name>");
	}

}
