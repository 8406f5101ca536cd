-- Training is in a gatherer's tool (issue 34, item 8): "if you are Trained
-- in the use of a Gatherer's Tool, you gain its Item Bonus". A skill's own
-- "trained" mark, which no rule reads and GMs took for the tool's, becomes
-- that training for the skill the text pairs a tool with (Nature the
-- Botanist's Tool, Animal Handling the Fisher's Gear, Focus the Miner's
-- Tool), and is written as 0 from now on. x_tools keeps the tools.
UPDATE character SET x_tools = (
    SELECT json_group_array(tool) FROM (
        SELECT value AS tool FROM json_each(character.x_tools)
        UNION
        SELECT CASE s.name
                   WHEN 'Nature' THEN 'botanist'
                   WHEN 'Animal Handling' THEN 'fisher'
                   WHEN 'Focus' THEN 'miner'
               END
        FROM character_stat s
        WHERE s.character_id = character.id AND s.section = 'skill' AND s.trained = 1
            AND s.name IN ('Nature', 'Animal Handling', 'Focus')));
UPDATE character_stat SET trained = 0;
